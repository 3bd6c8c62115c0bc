package dev.blockwipe.report;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * @param uid         the (effective) user both directories must belong to
 */
public record Settings(Path configDir, Path reportDir, Operator operator, int uid) {
    public static final String FILE = "blockwipe.properties";

    /**
     * The defaults for this user, with the config file applied when there is one. A config
     * directory that others may write is refused: they could point the reports elsewhere or
     * replace the signing key.
     *
     * @param uid       the effective user (0 for root)
     * @param configDir the config directory to use instead of the default, or null
     */
    public static Settings load(Map<String, String> env, String home, int uid, Path configDir) throws IOException {
        Path config = configDir != null ? configDir : xdg(env, "XDG_CONFIG_HOME", home, ".config").resolve("blockwipe");
        Path reports = uid == 0 ? Path.of("/var/lib/blockwipe/reports")
                : xdg(env, "XDG_DATA_HOME", home, ".local/share").resolve("blockwipe/reports");
        Properties p = new Properties();
        Path file = config.resolve(FILE);
        if (Files.isRegularFile(file)) {
            PrivateFiles.directory(config, uid, "config directory");
            try (Reader in = new StringReader(Files.readString(file, StandardCharsets.UTF_8))) {
                p.load(in);
            }
        }
        String dir = p.getProperty("reportDir");
        return new Settings(config, dir == null || dir.isBlank() ? reports : Path.of(dir.strip()),
                new Operator(p.getProperty("operator"), p.getProperty("organisation")), uid);
    }

    /** Writes operator, organisation and reports directory to the config file, born private. */
    public void save() throws IOException {
        PrivateFiles.directory(configDir, uid, "config directory");
        Properties p = new Properties();
        p.setProperty("operator", operator.name());
        p.setProperty("organisation", operator.organisation());
        p.setProperty("reportDir", reportDir.toString());
        StringWriter text = new StringWriter();
        p.store(text, "Blockwipe settings");
        PrivateFiles.write(configDir.resolve(FILE), out -> out.write(text.toString().getBytes(StandardCharsets.UTF_8)), true);
    }

    public Settings withReportDir(Path dir) {
        return new Settings(configDir, dir, operator, uid);
    }

    public Settings withOperator(Operator o) {
        return new Settings(configDir, reportDir, o, uid);
    }

    private static Path xdg(Map<String, String> env, String variable, String home, String fallback) {
        String value = env.get(variable);
        return value != null && !value.isBlank() ? Path.of(value) : Path.of(home, fallback);
    }
}
