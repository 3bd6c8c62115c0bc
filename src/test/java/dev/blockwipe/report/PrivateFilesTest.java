package dev.blockwipe.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.testing.Sh;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Secrets and reports are born private: no moment at which another user could open them, nothing
 * half-written left behind, no directory that others could plant files in.
 */
class PrivateFilesTest {
    @TempDir
    Path tmp;

    /**
     * A watcher lists the config directory as fast as it can while keys are made: every file it
     * ever sees (temporary ones included) is already owner-only. The old create-then-chmod lost
     * this race 13 times in 15.
     */
    @Test
    void noOneEverSeesTheSigningKeyWithLooserPermissions() throws Exception {
        ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();
        for (int round = 0; round < 20; round++) {
            Path dir = tmp.resolve("config-" + round);
            AtomicBoolean done = new AtomicBoolean();
            Thread watcher = new Thread(() -> {
                while (!done.get()) {
                    try (Stream<Path> files = Files.list(dir)) {
                        for (Path f : files.toList()) {
                            String mode = PosixFilePermissions.toString(Files.getPosixFilePermissions(f));
                            if (!mode.equals("rw-------") && !mode.equals("rwx------")) {
                                seen.add(f.getFileName() + " " + mode);
                            }
                        }
                    } catch (IOException vanishedOrNotYetThere) {
                        // a temporary file renamed away between the listing and the stat
                    }
                }
            });
            watcher.start();
            try {
                SigningKey.loadOrCreate(dir, Sh.uid());
            } finally {
                done.set(true);
                watcher.join();
            }
        }
        assertThat(seen).as("files seen with other permissions").isEmpty();
    }

    @Test
    void aWriteThatFailsLeavesNothingBehind() throws Exception {
        Path file = tmp.resolve("cert.json");

        assertThatThrownBy(() -> PrivateFiles.write(file, out -> {
            out.write(new byte[10_000]);
            throw new IOException("disk full");
        }, false)).hasMessage("disk full");

        try (Stream<Path> left = Files.list(tmp)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void anExistingFileIsNeverReplacedUnlessAsked() throws Exception {
        Path file = Files.writeString(tmp.resolve("taken.json"), "first");

        assertThatThrownBy(() -> PrivateFiles.create(file, "second".getBytes())).isInstanceOf(IOException.class);
        assertThat(Files.readString(file)).isEqualTo("first");
        try (Stream<Path> left = Files.list(tmp)) {
            assertThat(left).containsExactly(file);
        }
    }

    @Test
    void aDirectoryOthersMayWriteIsRefused() throws Exception {
        Path shared = Files.createDirectory(tmp.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));

        assertThatThrownBy(() -> SigningKey.loadOrCreate(shared, Sh.uid())).isInstanceOf(StorageException.class)
                .hasMessageContaining("writable by others")
                .hasMessageContaining("chmod go-w");
        assertThatThrownBy(() -> new ReportStore(shared).prepare(Sh.uid())).hasMessageContaining("writable by others");
        try (Stream<Path> left = Files.list(shared)) {
            assertThat(left).as("nothing was written into it").isEmpty();
        }
    }

    @Test
    void textCutInTheMiddleOfACharacterIsNamedWhereTheCharacterStarts() throws Exception {
        Path file = Files.write(tmp.resolve("cut.txt"), new byte[] {'c', 'a', 'f', (byte) 0xc3});

        assertThatThrownBy(() -> PrivateFiles.readText(file)).isInstanceOf(StorageException.class)
                .hasMessage(file + " is not valid UTF-8 text (byte 0xc3 at offset 3)");
        assertThat(PrivateFiles.readText(Files.writeString(tmp.resolve("ok.txt"), "café=\t1\r\n")))
                .isEqualTo("café=\t1\r\n");
    }

    @Test
    void aDirectoryOfAnotherUserIsRefused() throws Exception {
        Sh.require(Sh.isRoot(), "needs root to give a directory to another user");
        Path theirs = Files.createDirectory(tmp.resolve("theirs"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        Sh.run("chown", "65534", theirs.toString());

        assertThatThrownBy(() -> SigningKey.loadOrCreate(theirs, Sh.uid())).hasMessageContaining("belongs to another user");
    }

    @Test
    void aPrivateKeyOthersCanReadIsRefused() throws Exception {
        Path dir = tmp.resolve("config");
        SigningKey.loadOrCreate(dir, Sh.uid());
        Files.setPosixFilePermissions(dir.resolve(SigningKey.PRIVATE_FILE), PosixFilePermissions.fromString("rw-r--r--"));

        assertThatThrownBy(() -> SigningKey.loadOrCreate(dir, Sh.uid())).isInstanceOf(StorageException.class)
                .hasMessageContaining("can be read by other users");
    }

    @Test
    void newDirectoriesAreOwnerOnlyAllTheWayDown() throws Exception {
        Path deep = tmp.resolve("a/b/reports");

        new ReportStore(deep).prepare(Sh.uid());

        for (Path d : List.of(tmp.resolve("a"), tmp.resolve("a/b"), deep)) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(d))).as(d.toString()).isEqualTo("rwx------");
        }
    }

    /**
     * The window's font cache is Blockwipe's state, where purge finds it, not a dot file in the home
     * folder. As a user other than root (root's is /var/lib/blockwipe, which a test must not touch):
     * the folders are new, so whose they are is not checked.
     */
    @Test
    void theFontCacheIsAPrivateFolderInBlockwipesStateFolder() throws Exception {
        int user = 1000;
        Path state = tmp.resolve("state");

        Path dir = Settings.fontCacheDir(Map.of("XDG_STATE_HOME", state.toString()), tmp.resolve("home").toString(), user);

        assertThat(dir).isEqualTo(state.resolve("blockwipe/fontcache"));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwx------");
        assertThat(Settings.defaults(Map.of("XDG_STATE_HOME", state.toString()), "/home/x", user, null).journalDir())
                .as("the journals share that state folder").isEqualTo(state.resolve("blockwipe/journals"));
        assertThat(Settings.fontCacheDir(Map.of(), tmp.resolve("home").toString(), user))
                .isEqualTo(tmp.resolve("home/.local/state/blockwipe/fontcache"));
    }

    @Test
    void settingsAreSavedOwnerOnly() throws Exception {
        Settings s = new Settings(tmp.resolve("cfg"), tmp.resolve("reports"), tmp.resolve("journals"), new Operator("Ada", "Lab"), Sh.uid());

        s.save();

        Path file = tmp.resolve("cfg").resolve(Settings.FILE);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(Settings.load(java.util.Map.of(), tmp.toString(), Sh.uid(), tmp.resolve("cfg")).operator().name())
                .isEqualTo("Ada");
    }

    /** The window's layout lives in the same file as the settings: saving either keeps the other, and a window key saved alone the rest. */
    @Test
    void theWindowsLayoutAndTheSettingsShareTheFileWithoutOverwritingEachOther() throws Exception {
        Settings s = new Settings(tmp.resolve("cfg"), tmp.resolve("reports"), tmp.resolve("journals"), new Operator("Ada", "Lab"), Sh.uid());
        assertThat(s.windowLayout()).as("no file yet").isEmpty();
        assertThat(tmp.resolve("cfg")).as("reading made no folder").doesNotExist();

        s.save();
        s.saveWindowLayout(Map.of("width", "1200", "maximized", "true"));
        s.withOperator(new Operator("Grace", "Lab")).save();
        s.saveWindowLayout(Map.of("width", "1000"));

        assertThat(s.windowLayout()).as("a key saved alone (a filter toggle) keeps the window's others")
                .containsOnly(Map.entry("width", "1000"), Map.entry("maximized", "true"));
        Settings loaded = Settings.load(Map.of(), tmp.toString(), Sh.uid(), tmp.resolve("cfg"));
        assertThat(loaded.operator().name()).isEqualTo("Grace");
        assertThat(Files.readString(tmp.resolve("cfg").resolve(Settings.FILE))).contains("window.width=1000")
                .contains("window.maximized=true");
    }
}
