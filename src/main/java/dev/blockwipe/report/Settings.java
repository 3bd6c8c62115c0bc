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

/**
 * Where certificates and keys live and who the operator is: from the config file
 * ({@code <config dir>/blockwipe.properties}: {@code operator}, {@code organisation},
 * {@code reportDir}, {@code journalDir}), overridden by command-line options or the GUI; and what
 * the window remembers from one start to the next ({@code window.*}).
 *
 * @param configDir   $XDG_CONFIG_HOME/blockwipe (~/.config/blockwipe): the signing key and the config file
 * @param reportDir   $XDG_DATA_HOME/blockwipe/reports, or /var/lib/blockwipe/reports for root
 * @param journalDir  the journals of running and interrupted wipes: $XDG_STATE_HOME/blockwipe/journals
 *                    (~/.local/state/blockwipe/journals), or /var/lib/blockwipe/journals for root
 * @param operator    who runs the wipes
 * @param uid         the (effective) user the directories must belong to
 * @param window      what the window remembers across starts (the device tree's filter and order), by
 *                    key: the config file's {@code window.} keys without that prefix; only the window reads it
 */
public record Settings(Path configDir, Path reportDir, Path journalDir, Operator operator, int uid,
                       Map<String, String> window) {
    public static final String FILE = "blockwipe.properties";
    private static final Path SYSTEM = Path.of("/var/lib/blockwipe");
    private static final String WINDOW = "window.";

    public Settings {
        window = Map.copyOf(window);
    }

    /** Settings with nothing remembered for the window. */
    public Settings(Path configDir, Path reportDir, Path journalDir, Operator operator, int uid) {
        this(configDir, reportDir, journalDir, operator, uid, Map.of());
    }

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
        Path file = defaults.configDir().resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return defaults;
        }
        PrivateFiles.directory(defaults.configDir(), uid, "config directory");
        Properties p = new Properties();
        try (Reader in = new StringReader(PrivateFiles.readText(file))) {
            p.load(in);
        } catch (IllegalArgumentException e) {
            throw new StorageException(file + " is not a properties file: " + e.getMessage(), e);
        }
        Map<String, String> window = new TreeMap<>();
        p.stringPropertyNames().stream().filter(k -> k.startsWith(WINDOW))
                .forEach(k -> window.put(k.substring(WINDOW.length()), p.getProperty(k)));
        return new Settings(defaults.configDir(), path(file, p, "reportDir", defaults.reportDir()),
                path(file, p, "journalDir", defaults.journalDir()),
                new Operator(p.getProperty("operator"), p.getProperty("organisation")), uid, window);
    }

    /** Writes operator, organisation, the reports and journal directories and what the window remembers to the config file, born private. */
    public void save() throws IOException {
        PrivateFiles.directory(configDir, uid, "config directory");
        Properties p = new Properties();
        p.setProperty("operator", operator.name());
        p.setProperty("organisation", operator.organisation());
        p.setProperty("reportDir", reportDir.toString());
        p.setProperty("journalDir", journalDir.toString());
        window.forEach((key, value) -> p.setProperty(WINDOW + key, value));
        StringWriter text = new StringWriter();
        p.store(text, "Blockwipe settings");
        PrivateFiles.write(configDir.resolve(FILE), out -> out.write(text.toString().getBytes(StandardCharsets.UTF_8)), true);
    }

    public Settings withReportDir(Path dir) {
        return new Settings(configDir, dir, journalDir, operator, uid, window);
    }

    public Settings withJournalDir(Path dir) {
        return new Settings(configDir, reportDir, dir, operator, uid, window);
    }

    public Settings withOperator(Operator o) {
        return new Settings(configDir, reportDir, journalDir, o, uid, window);
    }

    /** The same settings with the window remembering {@code value} for {@code key}. */
    public Settings withWindow(String key, String value) {
        Map<String, String> changed = new TreeMap<>(window);
        changed.put(key, value);
        return new Settings(configDir, reportDir, journalDir, operator, uid, changed);
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
