package dev.blockwipe.report;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Properties;

/**
 * Where certificates and keys live and who the operator is: from the config file
 * ({@code <config dir>/blockwipe.properties}: {@code operator}, {@code organisation},
 * {@code reportDir}), overridden by command-line options or the GUI.
 *
 * @param configDir   $XDG_CONFIG_HOME/blockwipe (~/.config/blockwipe): the signing key and the config file
 * @param reportDir   $XDG_DATA_HOME/blockwipe/reports, or /var/lib/blockwipe/reports for root
 * @param operator    who runs the wipes
 */
public record Settings(Path configDir, Path reportDir, Operator operator) {
    public static final String FILE = "blockwipe.properties";

    /**
     * The defaults for this user, with the config file applied when there is one.
     *
     * @param configDir the config directory to use instead of the default, or null
     */
    public static Settings load(Map<String, String> env, String home, boolean root, Path configDir) throws IOException {
        Path config = configDir != null ? configDir : xdg(env, "XDG_CONFIG_HOME", home, ".config").resolve("blockwipe");
        Path reports = root ? Path.of("/var/lib/blockwipe/reports")
                : xdg(env, "XDG_DATA_HOME", home, ".local/share").resolve("blockwipe/reports");
        Properties p = new Properties();
        Path file = config.resolve(FILE);
        if (Files.isRegularFile(file)) {
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                p.load(in);
            }
        }
        String dir = p.getProperty("reportDir");
        return new Settings(config, dir == null || dir.isBlank() ? reports : Path.of(dir.strip()),
                new Operator(p.getProperty("operator"), p.getProperty("organisation")));
    }

    /** Writes operator, organisation and reports directory to the config file (its directory owner-only). */
    public void save() throws IOException {
        Files.createDirectories(configDir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Properties p = new Properties();
        p.setProperty("operator", operator.name());
        p.setProperty("organisation", operator.organisation());
        p.setProperty("reportDir", reportDir.toString());
        try (Writer out = Files.newBufferedWriter(configDir.resolve(FILE), StandardCharsets.UTF_8)) {
            p.store(out, "Blockwipe settings");
        }
    }

    public Settings withReportDir(Path dir) {
        return new Settings(configDir, dir, operator);
    }

    public Settings withOperator(Operator o) {
        return new Settings(configDir, reportDir, o);
    }

    private static Path xdg(Map<String, String> env, String variable, String home, String fallback) {
        String value = env.get(variable);
        return value != null && !value.isBlank() ? Path.of(value) : Path.of(home, fallback);
    }
}
