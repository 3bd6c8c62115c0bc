package dev.blockwipe.ui;

import dev.blockwipe.engine.io.BufferPool;
import dev.blockwipe.linux.HostFacts;
import dev.blockwipe.linux.LinuxIdentifier;
import dev.blockwipe.linux.LinuxInventory;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.linux.LiveNetwork;
import dev.blockwipe.linux.LoopTestDisks;
import dev.blockwipe.linux.Niceness;
import dev.blockwipe.linux.OpenSslKeystreams;
import dev.blockwipe.linux.Storage;
import dev.blockwipe.linux.Terminal;
import dev.blockwipe.linux.Uevents;
import dev.blockwipe.report.Settings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * What the window and the console UI do alike before they show anything: read the user's settings,
 * point the font cache into the state folder, and wire this machine's services. Toolkit-free, so
 * that the console UI starts without JavaFX's graphics; each front end hands in the executor of
 * its own UI thread.
 */
public final class Startup {
    /**
     * How much lower than the front end its jobs run: nice 10 gives a thread a tenth of the weight of
     * one at 0, so the UI threads, among the dozens a dozen jobs make runnable, still get a CPU as
     * soon as they want one.
     */
    private static final int JOB_NICENESS = 10;

    private Startup() {
    }

    /**
     * The services of this machine: sysfs and friends, libblkid, the O_DIRECT targets, the settings.
     *
     * @param ui runs a task on the front end's UI thread (the window's FX thread, the console's loop)
     */
    public static Services linuxServices(Settings settings, Executor ui) {
        LinuxInventory inventory = new LinuxInventory();
        inventory.prepare();
        return new Services(inventory, inventory::fingerprint, new Uevents(), new LinuxTargets(), Terminal.isRoot(),
                new LoopTestDisks(Path.of("/var/tmp")), OpenSslKeystreams.fastest(),
                new BufferPool(HostFacts.defaultBufferBudget()), Niceness.lowered(JOB_NICENESS),
                settings, HostFacts.read(), Storage::inMemory, new LiveNetwork(), ui, Background.executor(),
                new LinuxIdentifier());
    }

    /**
     * The settings a front end starts with, and why the user's could not be used (null when they could).
     *
     * @param unusable names the file or folder and what is wrong, as the commands say it (exit 12)
     */
    public record UserSettings(Settings settings, String unusable) {
    }

    /**
     * This user's settings (config file in ~/.config/blockwipe); when they cannot be used, the
     * defaults and why, which the front end shows: it has no exit code to say it with.
     */
    public static UserSettings userSettings(Map<String, String> env, String home, int uid) {
        try {
            return new UserSettings(Settings.load(env, home, uid, null), null);
        } catch (IOException e) {
            return new UserSettings(Settings.defaults(env, home, uid, null), e.getMessage());
        }
    }

    /** This process's user's settings, with the font cache pointed into the state folder first. */
    public static UserSettings thisUser() {
        keepFontCacheInStateFolder(System.getenv(), System.getProperty("user.home"), Terminal.effectiveUid());
        return userSettings(System.getenv(), System.getProperty("user.home"), Terminal.effectiveUid());
    }

    /**
     * Points PDFBox's font cache into Blockwipe's state folder before anything draws a certificate.
     * Where that folder cannot be used, PDFBox falls back to its own choice (the home folder, else
     * the temporary one): a cache is only a speed-up, and the front end says enough about its
     * folders when the settings are read.
     */
    static void keepFontCacheInStateFolder(Map<String, String> env, String home, int uid) {
        try {
            System.setProperty("pdfbox.fontcache", Settings.fontCacheDir(env, home, uid).toString());
        } catch (IOException e) {
            System.clearProperty("pdfbox.fontcache");
        }
    }
}
