package dev.blockwipe.cli;

import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.devices.identify.Identification;
import dev.blockwipe.devices.identify.Identifier;
import dev.blockwipe.linux.LinuxIdentifier;
import dev.blockwipe.linux.LinuxInventory;
import dev.blockwipe.linux.LinuxTargets;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code blockwipe identify DEVICE}: makes a drive show itself in its chassis (its locate LED, or
 * its activity LED blinking from reads) for a while. The device is found as {@code show} finds it
 * ({@link DeviceLookup}); Ctrl-C stops it through {@link CancelOnShutdown}, which waits until the
 * LED is off again.
 */
@Command(name = "identify", mixinStandardHelpOptions = true,
        description = {"Make a drive show itself in its chassis: the locate LED of its enclosure slot (or through"
            + " ledctl), else its activity LED blinking from bursts of reads. Only reads; Ctrl-C stops it and turns"
            + " the LED off."})
final class IdentifyCommand implements Callable<Integer> {
    private static final int MOST_SECONDS = 3600;

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "DEVICE", description = "A device name (sdb, loop0p1) or path (/dev/sdb, /dev/disk/by-id/...).")
    private String device;

    @Option(names = "--seconds", paramLabel = "N", defaultValue = "30",
            description = "How long it shows itself, 1 to " + MOST_SECONDS + " (default: ${DEFAULT-VALUE}).")
    private int seconds;

    private final TargetOpener opener;
    private final InventorySource source;
    private final Identifier identifier;

    IdentifyCommand() {
        this(new LinuxTargets(), new LinuxInventory(), new LinuxIdentifier());
    }

    IdentifyCommand(TargetOpener opener, InventorySource source, Identifier identifier) {
        this.opener = opener;
        this.source = source;
        this.identifier = identifier;
    }

    @Override
    public Integer call() throws IOException {
        if (seconds < 1 || seconds > MOST_SECONDS) {
            throw new UsageException("--seconds must be 1 to " + MOST_SECONDS + ", not " + seconds);
        }
        PrintWriter out = spec.commandLine().getOut();
        DeviceLookup found = DeviceLookup.find(device, opener, source);
        long diskseq = found.inventory().diskOf(found.device()).map(d -> d.facts().diskseq()).orElse(0L);
        try (CancelOnShutdown stop = new CancelOnShutdown();
             Identification shown = identifier.open(found.device().path(), found.device().number(), diskseq,
                     Duration.ofSeconds(seconds))) {
            out.println(shown.name() + ": " + shown.method() + " (Ctrl-C stops)");
            out.flush();
            boolean ranOut = shown.run(stop.token(), instead -> {
                out.println(shown.name() + ": " + instead);
                out.flush();
            });
            out.println(shown.name() + (ranOut ? ": done" : ": stopped"));
            out.flush();
            return ranOut ? ExitCode.OK : ExitCode.CANCELLED;
        }
    }
}
