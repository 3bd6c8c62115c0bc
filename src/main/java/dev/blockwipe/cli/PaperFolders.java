package dev.blockwipe.cli;

import dev.blockwipe.linux.Terminal;
import dev.blockwipe.report.Settings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * Where a command that wipes keeps its papers (certificates, journals, the signing key and the
 * settings file): this user's settings, each folder overridden by its option. A picocli mixin of
 * {@code wipe} and {@code tui}, so that both take the same options with the same defaults.
 */
final class PaperFolders {
    @Option(names = "--report-dir", paramLabel = "DIR",
            description = "Where certificates go (default: /var/lib/blockwipe/reports for root, ~/.local/share/blockwipe/reports otherwise).")
    private Path reportDir;

    @Option(names = "--journal-dir", paramLabel = "DIR",
            description = "Where the journals of running and interrupted wipes live (default: /var/lib/blockwipe/journals"
                    + " for root, ~/.local/state/blockwipe/journals otherwise).")
    private Path journalDir;

    @Option(names = "--config-dir", paramLabel = "DIR",
            description = "Where the signing key and blockwipe.properties live (default: ~/.config/blockwipe).")
    private Path configDir;

    /** The folder options given, as they are written on a command line ("--journal-dir", "/srv/j"). */
    List<String> given() {
        List<String> words = new ArrayList<>();
        addIf(words, "--report-dir", reportDir);
        addIf(words, "--journal-dir", journalDir);
        addIf(words, "--config-dir", configDir);
        return words;
    }

    private static void addIf(List<String> words, String option, Path folder) {
        if (folder != null) {
            words.add(option);
            words.add(folder.toAbsolutePath().toString());
        }
    }

    /** This user's settings, with the folders the options name instead of theirs. */
    Settings settings() throws IOException {
        Settings settings = Settings.load(System.getenv(), System.getProperty("user.home"), Terminal.effectiveUid(),
                configDir);
        if (reportDir != null) {
            settings = settings.withReportDir(reportDir);
        }
        if (journalDir != null) {
            settings = settings.withJournalDir(journalDir);
        }
        return settings;
    }
}
