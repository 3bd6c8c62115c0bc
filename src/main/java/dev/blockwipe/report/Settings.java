package dev.blockwipe.report;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Where certificates and keys live and who the operator is: from the config file
 * ({@code <config dir>/blockwipe.properties}: {@code operator}, {@code organisation},
 * {@code reportDir}, {@code journalDir}; the window's layout under {@code window.}), overridden by
 * command-line options or the GUI.
 *
 * @param configDir   $XDG_CONFIG_HOME/blockwipe (~/.config/blockwipe): the signing key and the config file
 * @param reportDir   $XDG_DATA_HOME/blockwipe/reports, or /var/lib/blockwipe/reports for root
 * @param journalDir  the journals of running and interrupted wipes: $XDG_STATE_HOME/blockwipe/journals
 *                    (~/.local/state/blockwipe/journals), or /var/lib/blockwipe/journals for root
 * @param operator    who runs the wipes
 * @param uid         the (effective) user the directories must belong to
 */
public record Settings(Path configDir, Path reportDir, Path journalDir, Operator operator, int uid) {
    public static final String FILE = "blockwipe.properties";
    private static final Path SYSTEM = Path.of("/var/lib/blockwipe");
    /** The prefix of the config file's keys that keep the window's layout between starts. */
    static final String LAYOUT = "window.";

    /**
     * The defaults for this user, without the config file.
     *
     * @param uid       the effective user (0 for root)
     * @param configDir the config directory to use instead of the default, or null
     */
    public static Settings defaults(Map<String, String> env, String home, int uid, Path configDir) {
        Path config = configDir != null ? configDir : xdg(env, "XDG_CONFIG_HOME", home, ".config").resolve("blockwipe");
        return new Settings(config,
                uid == 0 ? SYSTEM.resolve("reports") : xdg(env, "XDG_DATA_HOME", home, ".local/share").resolve("blockwipe/reports"),
                stateDir(env, home, uid).resolve("journals"),
                Operator.UNNAMED, uid);
    }

    /** Blockwipe's state folder: /var/lib/blockwipe for root, $XDG_STATE_HOME/blockwipe (~/.local/state/blockwipe) otherwise. */
    static Path stateDir(Map<String, String> env, String home, int uid) {
        return uid == 0 ? SYSTEM : xdg(env, "XDG_STATE_HOME", home, ".local/state").resolve("blockwipe");
    }

    /**
     * Where the window's PDFBox keeps its list of the system's fonts (the {@code pdfbox.fontcache}
     * property), made private if missing: in Blockwipe's state folder, which the package's purge
     * removes, rather than a {@code .pdfbox.cache} in the home folder (root's, under pkexec).
     *
     * @throws StorageException it cannot be made, or another user could write it
     */
    public static Path fontCacheDir(Map<String, String> env, String home, int uid) throws IOException {
        Path dir = stateDir(env, home, uid).resolve("fontcache");
        PrivateFiles.directory(dir, uid, "font cache directory");
        return dir;
    }

    /**
     * The defaults for this user, with the config file applied when there is one. A config
     * directory that others may write is refused: they could point the reports elsewhere or
     * replace the signing key. So is a config file that is not text or not a properties file,
     * rather than read as whatever it decodes to.
     *
     * @param uid       the effective user (0 for root)
     * @param configDir the config directory to use instead of the default, or null
     * @throws StorageException the config directory or file cannot be used; the message names it and says why
     */
    public static Settings load(Map<String, String> env, String home, int uid, Path configDir) throws IOException {
        Settings defaults = defaults(env, home, uid, configDir);
        Properties p = defaults.existing();
        Path file = defaults.configDir().resolve(FILE);
        return defaults.withReportDir(path(file, p, "reportDir", defaults.reportDir()))
                .withJournalDir(path(file, p, "journalDir", defaults.journalDir()))
                .withOperator(new Operator(p.getProperty("operator"), p.getProperty("organisation")));
    }

    /**
     * Writes operator, organisation and reports directory to the config file, born private; the
     * file's other keys (the window's layout) stay.
     */
    public void save() throws IOException {
        rewrite(p -> {
            p.setProperty("operator", operator.name());
            p.setProperty("organisation", operator.organisation());
            p.setProperty("reportDir", reportDir.toString());
            p.setProperty("journalDir", journalDir.toString());
        });
    }

    /**
     * The window's layout as the config file keeps it: its {@value #LAYOUT} keys, without that
     * prefix; none when there is no config file.
     *
     * @throws StorageException the config directory or file cannot be used
     */
    public Map<String, String> windowLayout() throws IOException {
        Properties p = existing();
        Map<String, String> layout = new TreeMap<>();
        for (String key : p.stringPropertyNames()) {
            if (key.startsWith(LAYOUT)) {
                layout.put(key.substring(LAYOUT.length()), p.getProperty(key));
            }
        }
        return layout;
    }

    /**
     * Keeps {@code layout}'s keys in the config file for the window's next start (the size and
     * dividers when it closes, a filter toggle when it changes); the file's other keys stay.
     */
    public void saveWindowLayout(Map<String, String> layout) throws IOException {
        rewrite(p -> layout.forEach((k, v) -> p.setProperty(LAYOUT + k, v)));
    }

    /** The config file's keys, read again so that one writer does not drop what the other wrote. */
    private void rewrite(Consumer<Properties> change) throws IOException {
        PrivateFiles.directory(configDir, uid, "config directory");
        Properties p = existing();
        change.accept(p);
        StringWriter text = new StringWriter();
        p.store(text, "Blockwipe settings");
        PrivateFiles.write(configDir.resolve(FILE), out -> out.write(text.toString().getBytes(StandardCharsets.UTF_8)), true);
    }

    /** The config file's keys, none when it does not exist; a folder or file that cannot be trusted is refused (see {@link #load}). */
    private Properties existing() throws IOException {
        Properties p = new Properties();
        Path file = configDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return p;
        }
        PrivateFiles.directory(configDir, uid, "config directory");
        try (Reader in = new StringReader(PrivateFiles.readText(file))) {
            p.load(in);
        } catch (IllegalArgumentException e) {
            throw new StorageException(file + " is not a properties file: " + e.getMessage(), e);
        }
        return p;
    }

    public Settings withReportDir(Path dir) {
        return new Settings(configDir, dir, journalDir, operator, uid);
    }

    public Settings withJournalDir(Path dir) {
        return new Settings(configDir, reportDir, dir, operator, uid);
    }

    public Settings withOperator(Operator o) {
        return new Settings(configDir, reportDir, journalDir, o, uid);
    }

    private static Path path(Path file, Properties p, String key, Path otherwise) throws StorageException {
        String value = p.getProperty(key);
        try {
            return value == null || value.isBlank() ? otherwise : Path.of(value.strip());
        } catch (InvalidPathException e) {
            throw new StorageException(file + ": " + key + " is not a path: " + e.getReason(), e);
        }
    }

    private static Path xdg(Map<String, String> env, String variable, String home, String fallback) {
        String value = env.get(variable);
        return value != null && !value.isBlank() ? Path.of(value) : Path.of(home, fallback);
    }
}
