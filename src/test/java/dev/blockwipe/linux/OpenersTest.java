package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.FileKey;
import dev.blockwipe.devices.Opener;
import dev.blockwipe.testing.Sh;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class OpenersTest {
    /** fdinfo's flags (octal) of descriptors opened for reading, for reading and writing, and as an O_PATH handle. */
    private static final String READ = "0100000";
    private static final String READ_WRITE = "0100002";
    private static final String PATH_ONLY = "012000000";
    /** No fdinfo at all: the descriptor was closed after fd/N was read. */
    private static final String CLOSED = "closed";

    @TempDir
    Path dir;

    @Test
    void anotherProcessHoldingAFileIsNamedWithItsPidAndCommand() throws Exception {
        Path image = Files.write(dir.resolve("disk.img"), new byte[4096]);
        // Ready once it is sleep: the shell's exec keeps descriptor 3. A file the shell made before
        // its exec was a race: under load the check could still find the process named "sh".
        Process holder = new ProcessBuilder("sh", "-c", "exec 3<\"$1\"; exec sleep 60", "sh", image.toString()).start();
        try {
            Path comm = Path.of("/proc", Long.toString(holder.pid()), "comm");
            for (int i = 0; i < 600 && !Files.readString(comm).strip().equals("sleep"); i++) {
                Thread.sleep(50);
            }
            assertThat(Files.readString(comm).strip()).isEqualTo("sleep");

            assertThat(new Openers(Path.of("/proc")).read().of(key(image)))
                    .containsExactly(new Opener(holder.pid(), "sleep", false));
        } finally {
            holder.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** @return comm, command line (NUL-separated), fdinfo flags, who it is, whether it is a probe */
    static Stream<Arguments> processes() {
        return Stream.of(
                Arguments.of("java", "java\0-jar\0/home/me/blockwipe/target/blockwipe.jar\0", READ, "the Blockwipe window", true),
                Arguments.of("java", "/opt/blockwipe/runtime/bin/java\0-XX:+UseSerialGC\0-cp\0/opt/blockwipe/lib/app/"
                        + "blockwipe.jar:/opt/blockwipe/lib/app/jna-5.18.1.jar\0dev.blockwipe.Main\0list\0", READ,
                        "blockwipe list", true),
                Arguments.of("java", "java\0-jar\0blockwipe-0.1.0.jar\0wipe\0/dev/sdb\0", READ, "blockwipe wipe", true),
                Arguments.of("(udev-worker)", "/lib/systemd/systemd-udevd\0", READ, "udev", true),
                Arguments.of("systemd-udevd", "/lib/systemd/systemd-udevd\0", READ, "udev", true),
                Arguments.of("blkid", "blkid\0-p\0/dev/sdb\0", READ, "blkid", true),
                Arguments.of("java", "java\0-jar\0/home/me/blockwipe/target/blockwipe.jar\0", READ_WRITE,
                        "the Blockwipe window", false),
                Arguments.of("blkid", "blkid\0", READ_WRITE, "blkid", false),
                Arguments.of("(udev-worker)", "/lib/systemd/systemd-udevd\0", READ_WRITE, "udev", true),
                Arguments.of("dd", "dd\0if=/dev/sdb\0of=/backup.img\0", READ, "dd", false),
                Arguments.of("java", "java\0-jar\0/srv/other.jar\0dev.blockwipe.Main.txt\0", READ, "java", false),
                Arguments.of("java", "java\0-jar\0/\0", READ, "java", false));
    }

    /** A probe that only reads lets go by itself; a probe that writes, or any other program, holds the file. */
    @ParameterizedTest(name = "{0} {3}, flags {2}")
    @MethodSource("processes")
    void aProgramThatOnlyLooksIsAProbeAndAnyOtherAHolder(String comm, String cmdline, String flags, String who,
                                                          boolean probe) throws Exception {
        Path image = Files.write(dir.resolve("disk.img"), new byte[4096]);
        Path proc = fakeProc(4242, comm, cmdline, image, flags);

        assertThat(new Openers(proc).read().of(key(image))).containsExactly(new Opener(4242, who, probe));
    }

    @Test
    void anOPathHandleOnADeviceOpensNothingButAReadDoes() throws Exception {
        Sh.require(Sh.isRoot(), "needs root to make a device node (mknod)");
        Path node = dir.resolve("node");
        Sh.run("mknod", node.toString(), "b", "7", "250");

        assertThat(new Openers(fakeProc(4242, "java", "java\0-jar\0blockwipe.jar\0wipe\0", node, PATH_ONLY)).read()
                .of(new DeviceNumber(7, 250))).isEmpty();
        assertThat(new Openers(fakeProc(4343, "sh", "sh\0", node, READ)).read().of(new DeviceNumber(7, 250)))
                .containsExactly(new Opener(4343, "sh", false));
    }

    /** How a descriptor was opened that cannot be told is not "a handle that opens nothing", nor "only reads". */
    @Test
    void aDescriptorWhoseFlagsCannotBeReadHoldsTheDevice() throws Exception {
        Sh.require(Sh.isRoot(), "needs root to make a device node (mknod)");
        Path node = dir.resolve("node");
        Sh.run("mknod", node.toString(), "b", "7", "251");

        assertThat(new Openers(fakeProc(4444, "java", "java\0-jar\0blockwipe.jar\0", node, null)).read()
                .of(new DeviceNumber(7, 251))).containsExactly(new Opener(4444, "the Blockwipe window", false));
    }

    /**
     * A descriptor closed between the look at fd/3 and the read of fdinfo/3 holds nothing: udev's
     * worker let go of a partition right after {@code sfdisk}, and was taken for its holder.
     */
    @Test
    void aDescriptorClosedWhileItIsLookedAtHoldsNothing() throws Exception {
        Sh.require(Sh.isRoot(), "needs root to make a device node (mknod)");
        Path node = dir.resolve("node");
        Sh.run("mknod", node.toString(), "b", "7", "252");

        assertThat(new Openers(fakeProc(4545, "(udev-worker)", "(udev-worker)\0", node, CLOSED)).read()
                .of(new DeviceNumber(7, 252))).isEmpty();
    }

    @Test
    void aProcThatCannotBeListedIsAnErrorNotNothingOpen() {
        assertThatThrownBy(() -> new Openers(dir.resolve("no-proc")).read()).isInstanceOf(NoSuchFileException.class);
    }

    /** A process that ended after /proc was listed has no fd folder any more: it holds nothing. */
    @Test
    void aProcessThatEndedMeanwhileIsPassedOver() throws Exception {
        Path image = Files.write(dir.resolve("disk.img"), new byte[4096]);
        Path proc = fakeProc(4646, "sh", "sh\0", image, READ);
        Files.createDirectories(proc.resolve("4747"));

        assertThat(new Openers(proc).read().of(key(image))).containsExactly(new Opener(4646, "sh", false));
    }

    /**
     * A process whose descriptors cannot be listed for any other reason (here its fd is no folder)
     * is an error that names it: passed over, it would read as "open nowhere".
     */
    @Test
    void descriptorsThatCannotBeListedForAnUnknownReasonAreAnError() throws Exception {
        Path proc = Files.createDirectories(dir.resolve("proc").resolve("4848"));
        Files.writeString(proc.resolve("fd"), "not a folder");

        assertThatThrownBy(() -> new Openers(proc.getParent()).read()).isInstanceOf(IOException.class)
                .hasMessageContaining(proc.resolve("fd").toString());
    }

    /**
     * A /proc of one process whose descriptor 3 is {@code target}, opened with {@code flags} (octal,
     * as fdinfo shows; null: its fdinfo has no flags; {@link #CLOSED}: it has no fdinfo, closed
     * since fd/3 was read).
     */
    private Path fakeProc(long pid, String comm, String cmdline, Path target, String flags) throws Exception {
        Path process = Files.createDirectories(dir.resolve("proc-" + pid).resolve(Long.toString(pid)));
        Files.writeString(process.resolve("comm"), comm + "\n");
        Files.write(process.resolve("cmdline"), cmdline.getBytes(StandardCharsets.UTF_8));
        Files.createSymbolicLink(Files.createDirectory(process.resolve("fd")).resolve("3"), target);
        Path fdinfo = Files.createDirectory(process.resolve("fdinfo"));
        if (flags == null) {
            Files.writeString(fdinfo.resolve("3"), "pos:\t0\nmnt_id:\t24\n");
        } else if (!flags.equals(CLOSED)) {
            Files.writeString(fdinfo.resolve("3"), "pos:\t0\nflags:\t" + flags + "\nmnt_id:\t24\nino:\t94\n");
        }
        return process.getParent();
    }

    private static FileKey key(Path file) {
        Statx st = Statx.ofPath(file.toString());
        return new FileKey(new DeviceNumber(st.devMajor(), st.devMinor()), st.inode());
    }
}
