package dev.blockwipe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.testing.Cli;
import dev.blockwipe.testing.Sh;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A folder or file of Blockwipe's own that cannot be used (the config folder, the signing key,
 * blockwipe.properties, the journal folder) is exit 12, told apart from an I/O error during a wipe
 * (1): one line that names the file and what is wrong, and nothing written, by every command that
 * needs it.
 */
class OwnFilesTest {
    @TempDir
    Path tmp;
    private Path config;
    private Path img;
    private byte[] before;

    @BeforeEach
    void target() throws Exception {
        config = tmp.resolve("config");
        before = new byte[1 << 20];
        new Random(12).nextBytes(before);
        img = Files.write(tmp.resolve("t.img"), before);
    }

    /** Binary garbage in the settings printed only Java's "Input length = 1", with exit 1. */
    @Test
    void aSettingsFileThatIsNotUtf8NamesTheByteAndWhereItIs() throws Exception {
        Files.createDirectories(config);
        Path settings = Files.write(config.resolve("blockwipe.properties"),
                new byte[] {'o', 'p', '=', (byte) 0xff, (byte) 0xfe, 0x01});

        String line = settings + " is not valid UTF-8 text (byte 0xff at offset 3)";
        refused(line, wipe());
        refused(line, Cli.run("report", "list", "--config-dir", config.toString()));
    }

    @Test
    void aSettingsFileOfControlCharactersIsNotText() throws Exception {
        Files.createDirectories(config);
        Path settings = Files.write(config.resolve("blockwipe.properties"), new byte[64]);

        refused(settings + " is not a text file (control character 0x00 at offset 0)", wipe());
    }

    @Test
    void aSettingsFileThatIsNotAPropertiesFileSaysSo() throws Exception {
        Files.createDirectories(config);
        Path settings = Files.writeString(config.resolve("blockwipe.properties"), "operator=\\u00zz\n");

        refused(settings + " is not a properties file: Malformed", wipe());
    }

    @Test
    void aConfigFolderOthersMayWriteIsRefused() throws Exception {
        Files.createDirectory(config);
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rwxrwxrwx"));

        refused("the config directory " + config + " is writable by others (rwxrwxrwx)", wipe());
        Files.writeString(config.resolve("blockwipe.properties"), "operator=Ada\n");
        refused("the config directory " + config + " is writable by others (rwxrwxrwx)",
                Cli.run("report", "list", "--config-dir", config.toString()));
    }

    @Test
    void aConfigFolderOfAnotherUserIsRefused() throws Exception {
        Sh.require(Sh.isRoot(), "needs root to give a folder to another user");
        Files.createDirectory(config, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Sh.run("chown", "65534", config.toString());

        refused("the config directory " + config + " belongs to another user (uid 65534)", wipe());
    }

    /** By the wipe before it asks for the confirmation (without --yes or a terminal, that would be exit 4). */
    @Test
    void aPrivateKeyOthersCanReadIsRefusedByEveryCommandThatUsesIt() throws Exception {
        Cli export = Cli.run("report", "export-key", "--config-dir", config.toString());
        assertThat(export.exitCode()).as(export.err()).isZero();
        Path key = config.resolve("signing-key.pem");
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-r--r--"));

        String line = "the signing key " + key + " can be read by other users";
        refused(line, wipe());
        refused(line, Cli.run("wipe", img.toString(), "-m", "zero", "--config-dir", config.toString(), "--report-dir",
                tmp.resolve("reports").toString(), "--journal-dir", tmp.resolve("journals").toString()));
        refused(line, Cli.run("report", "export-key", "--config-dir", config.toString()));
        Path cert = Files.writeString(tmp.resolve("c.json"), "{}");
        refused(line, Cli.run("report", "verify", cert.toString(), "--config-dir", config.toString()));
    }

    @Test
    void aKeyFileThatIsNotAKeyIsNamed() throws Exception {
        assertThat(Cli.run("report", "export-key", "--config-dir", config.toString()).exitCode()).isZero();
        Path pub = Files.writeString(config.resolve("signing-key.pub.pem"), "-----BEGIN PUBLIC KEY-----\n*\n");

        refused(pub + " is not an Ed25519 public key in PEM", wipe());
    }

    /**
     * Checked like the config and reports folders, and before the confirmation is even asked for:
     * without --yes and without a terminal, a wipe that got that far would be refused as "not
     * confirmed" (exit 4) instead.
     */
    @Test
    void aJournalFolderOthersMayWriteIsRefusedBeforeTheConfirmation() throws Exception {
        Path shared = Files.createDirectory(tmp.resolve("shared-journals"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));

        String line = "the journal directory " + shared + " is writable by others (rwxrwxrwx)";
        refused(line, Cli.run("wipe", img.toString(), "-m", "zero", "--yes=t.img", "--journal-dir", shared.toString(),
                "--config-dir", config.toString(), "--report-dir", tmp.resolve("reports").toString()));
        refused(line, Cli.run("wipe", img.toString(), "-m", "zero", "--journal-dir", shared.toString(),
                "--config-dir", config.toString(), "--report-dir", tmp.resolve("reports").toString()));
        refused(line, Cli.run("wipe", "--resume", img.toString(), "--yes=t.img", "--journal-dir", shared.toString(),
                "--config-dir", config.toString(), "--report-dir", tmp.resolve("reports").toString()));
        try (Stream<Path> left = Files.list(shared)) {
            assertThat(left).as("nothing written into it").isEmpty();
        }
    }

    @Test
    void aJournalFolderOfAnotherUserIsRefused() throws Exception {
        Sh.require(Sh.isRoot(), "needs root to give a folder to another user");
        Path theirs = Files.createDirectory(tmp.resolve("their-journals"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Sh.run("chown", "65534", theirs.toString());

        refused("the journal directory " + theirs + " belongs to another user (uid 65534)", Cli.run("wipe",
                img.toString(), "-m", "zero", "--yes=t.img", "--journal-dir", theirs.toString(), "--config-dir",
                config.toString(), "--report-dir", tmp.resolve("reports").toString()));
    }

    private Cli wipe() {
        return Cli.run("wipe", img.toString(), "-m", "zero", "--yes=t.img", "--config-dir", config.toString(),
                "--report-dir", tmp.resolve("reports").toString(), "--journal-dir", tmp.resolve("journals").toString());
    }

    /** Exit 12, one line naming what is wrong, nothing on stdout, and nothing written: no bytes, no papers. */
    private void refused(String line, Cli cli) throws Exception {
        assertThat(cli.exitCode()).as("exit code; stderr: %s", cli.err()).isEqualTo(12);
        assertThat(cli.err().lines()).as("stderr").singleElement().asString().startsWith("blockwipe: ").contains(line);
        assertThat(cli.out()).as("stdout").isEmpty();
        assertThat(Files.readAllBytes(img)).as("the target").isEqualTo(before);
        assertThat(filesIn(tmp.resolve("reports"))).as("no certificate, no log").isEmpty();
        assertThat(filesIn(tmp.resolve("journals"))).as("no journal").isEmpty();
    }

    /** The files in {@code dir}; none when it does not exist (the checks may have made it, empty). */
    private static List<Path> filesIn(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.toList();
        }
    }
}
