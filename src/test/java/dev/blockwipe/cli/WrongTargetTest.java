package dev.blockwipe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.engine.method.Technique;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.linux.LinuxInventory;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.service.Admission;
import dev.blockwipe.testing.Cli;
import dev.blockwipe.testing.LoopDevice;
import dev.blockwipe.testing.Sh;
import dev.blockwipe.testing.Witness;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import picocli.CommandLine;

/**
 * Never the wrong target: every way found to make a wipe write outside what was confirmed, on
 * real loop devices and files. Each case checks the exit code and message, and that every byte
 * outside the confirmed target is unchanged (the backing files of every device the test made, and
 * every file). Races are made deterministic by a pause between the gate's steps.
 */
class WrongTargetTest {
    private static final long MIB = 1 << 20;

    @TempDir
    Path dir;

    @BeforeEach
    void needsLoopDevices() {
        LoopDevice.assumeAvailable();
    }

    // ---- aliases of an image file that backs a loop device with a mounted file system

    @Test
    void aHardLinkToAnImageBehindAMountedLoopDeviceIsRefused() throws Exception {
        try (LoopDevice loop = mountedLoop()) {
            Path link = Files.createLink(dir.resolve("link.img"), loop.image());
            Witness w = new Witness().watch(loop);
            expect(4, "mounted at", "wipe", link.toString(), "-m", "zero", "--yes=link.img");
            expect(4, "mounted at", "wipe", link.toString(), "-m", "zero", "--yes=link.img", "--force");
            w.unchanged();
        }
    }

    @Test
    void anImageReachedThroughABindMountASymlinkOrDotDotIsRefused() throws Exception {
        try (LoopDevice loop = mountedLoop()) {
            Path bind = Files.createDirectory(dir.resolve("bind"));
            Sh.run("mount", "--bind", loop.image().getParent().toString(), bind.toString());
            Path symlink = Files.createSymbolicLink(dir.resolve("sym.img"), loop.image());
            Files.createDirectory(dir.resolve("sub"));
            Witness w = new Witness().watch(loop);
            try {
                String name = loop.image().getFileName().toString();
                expect(4, "mounted at", "wipe", bind.resolve(name).toString(), "-m", "zero", "--yes=" + name);
                expect(4, "mounted at", "wipe", symlink.toString(), "-m", "zero", "--yes=sym.img");
                expect(4, "mounted at", "wipe", dir.resolve("sub/../" + name).toString(), "-m", "zero", "--yes=" + name);
            } finally {
                Sh.run("umount", bind.toString());
            }
            w.unchanged();
        }
    }

    // ---- stacks: partitions and loop devices on each other

    @Test
    void aPartitionThatBacksALoopDeviceWithAMountedFileSystemIsBlockedWithItsDisk() throws Exception {
        try (LoopDevice disk = LoopDevice.create(dir, 64 * MIB).partition("label: gpt\n,30M\n,\n");
             LoopDevice upper = LoopDevice.over(disk.partition(1))) {
            Sh.run("mkfs.ext4", "-q", "-F", upper.path());
            upper.mount(upper.path(), Files.createDirectory(dir.resolve("m")));
            Witness w = new Witness().watch(disk);

            expect(4, "backs " + upper.path() + ", which is mounted at", "wipe", disk.partition(1), "-m", "zero",
                    "--yes=" + disk.name() + "p1", "--force");
            expect(4, "mounted at", "wipe", disk.path(), "-m", "zero", "--yes=" + disk.name(), "--force");
            assertThat(Cli.listed(disk.name()).at("/verdict/level").asText()).isEqualTo("BLOCKED");
            assertThat(Cli.listed(disk.name() + "p1").at("/verdict/level").asText()).isEqualTo("BLOCKED");
            w.unchanged();
        }
    }

    @Test
    void aPartitionBehindAnIdleLoopDeviceIsBlockedUnlessForcedAndThenOnlyItIsWritten() throws Exception {
        try (LoopDevice disk = LoopDevice.create(dir, 64 * MIB).partition("label: gpt\nstart=2048,size=30M\n,\n");
             LoopDevice upper = LoopDevice.over(disk.partition(1))) {
            disk.fillRandom(disk.path(), 1);
            Witness outside = new Witness().watchExcept(disk.image(), 2048 * 512, 30 * MIB);

            expect(4, "in use by a loop device: backs " + upper.path(), "wipe", disk.partition(1), "-m", "zero",
                    "--yes=" + disk.name() + "p1");
            Cli forced = Cli.run("wipe", disk.partition(1), "-m", "zero", "--yes=" + disk.name() + "p1", "--force");

            assertThat(forced.exitCode()).as(forced.err()).isZero();
            assertThat(LoopDevice.allZero(disk.partition(1))).isTrue();
            outside.unchanged();
        }
    }

    @Test
    void aMountThreeLevelsUpBlocksTheImageTheLoopDeviceAndItsPartition() throws Exception {
        try (LoopDevice lower = LoopDevice.create(dir, 64 * MIB).partition("label: gpt\n,\n");
             LoopDevice upper = LoopDevice.over(lower.partition(1)).partition("label: gpt\n,\n")) {
            Sh.run("mkfs.ext4", "-q", "-F", upper.partition(1));
            Path mnt = Files.createDirectory(dir.resolve("deep"));
            upper.mount(upper.partition(1), mnt);
            Witness w = new Witness().watch(lower);

            String chain = "backs " + upper.path() + " → " + upper.name() + "p1 is mounted at " + mnt;
            expect(4, chain, "wipe", lower.partition(1), "-m", "zero", "--yes=" + lower.name() + "p1", "--force");
            expect(4, chain, "wipe", lower.path(), "-m", "zero", "--yes=" + lower.name(), "--force");
            String image = lower.image().getFileName().toString();
            expect(4, "mounted at " + mnt, "wipe", lower.image().toString(), "-m", "zero", "--yes=" + image, "--force");
            w.unchanged();
        }
    }

    @Test
    void aLoopDeviceSharingItsFileWithAMountedOneIsBlocked() throws Exception {
        try (LoopDevice first = LoopDevice.create(dir, 32 * MIB);
             LoopDevice second = LoopDevice.over(first.image().toString())) {
            Sh.run("mkfs.ext4", "-q", "-F", second.path());
            Path mnt = Files.createDirectory(dir.resolve("shared"));
            second.mount(second.path(), mnt);
            Witness w = new Witness().watch(first);

            expect(4, "its backing file backs " + second.path() + ", which is mounted at " + mnt, "wipe", first.path(),
                    "-m", "zero", "--yes=" + first.name(), "--force");
            w.unchanged();
        }
    }

    // ---- in use where no table says so (found by an adversarial audit)

    @Test
    void anExternalJournalOnALoopDeviceIsInUseNotIdle() throws Exception {
        try (LoopDevice journal = LoopDevice.create(dir, 16 * MIB);
             LoopDevice fs = LoopDevice.create(dir, 64 * MIB);
             LoopDevice second = LoopDevice.over(journal.image().toString())) {
            Sh.run("mke2fs", "-q", "-F", "-O", "journal_dev", "-b", "4096", journal.path());
            Sh.run("mkfs.ext4", "-q", "-F", "-b", "4096", "-J", "device=" + journal.path(), fs.path());
            fs.mount(fs.path(), Files.createDirectory(dir.resolve("journalled")));
            Witness w = new Witness().watch(journal, fs);

            String image = journal.image().getFileName().toString();
            String holder = "which is held by the ext4 file system on " + fs.name() + ", as its external journal";
            expect(4, "backs " + journal.path() + ", " + holder, "wipe", journal.image().toString(), "-m", "zero",
                    "--yes=" + image, "--force");
            expect(4, holder, "wipe", second.path(), "-m", "zero", "--yes=" + second.name(), "--force");
            expect(4, "refused: held by the ext4 file system on " + fs.name(), "wipe", journal.path(), "-m", "zero",
                    "--yes=" + journal.name());
            w.unchanged();
        }
    }

    @Test
    void aLoopDeviceMountedInAnotherNamespaceIsInUse() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 32 * MIB)) {
            Process holder = LoopDevice.mountedInAnotherNamespace(loop.path(), dir);
            try {
                Witness w = new Witness().watch(loop);
                String image = loop.image().getFileName().toString();
                String elsewhere = "in another mount namespace (process " + holder.pid() + ", sleep)";
                expect(4, "backs " + loop.path() + ", which is held by a mount at ", "wipe", loop.image().toString(), "-m",
                        "zero", "--yes=" + image, "--force");
                expect(4, elsewhere, "wipe", loop.image().toString(), "-m", "zero", "--yes=" + image, "--force");
                expect(4, elsewhere, "wipe", loop.path(), "-m", "zero", "--yes=" + loop.name());
                w.unchanged();
            } finally {
                holder.destroy();
                holder.waitFor();
            }
        }
    }

    @Test
    void aMountEntryThatCannotBeTiedHidesNoOtherMountFromForce() throws Exception {
        try (LoopDevice loop = mountedLoop()) {
            Path odd = Files.createDirectory(dir.resolve("odd"));
            Sh.run("mount", "-t", "tmpfs", "/dev/blockwipe-test-no-such-node", odd.toString());
            try {
                Witness w = new Witness().watch(loop);
                String image = loop.image().getFileName().toString();
                expect(4, "mounted at", "wipe", loop.image().toString(), "-m", "zero", "--yes=" + image, "--force");
                w.unchanged();
            } finally {
                Sh.run("umount", odd.toString());
            }
        }
    }

    @Test
    void anOverlayFileAndItsLayerFileAreOneFile() throws Exception {
        Path lower = Files.createDirectory(dir.resolve("lower"));
        Path upper = Files.createDirectory(dir.resolve("upper"));
        Path work = Files.createDirectory(dir.resolve("work"));
        Path merged = Files.createDirectory(dir.resolve("merged"));
        Sh.run("mount", "-t", "overlay", "overlay", "-o", "lowerdir=" + lower + ",upperdir=" + upper + ",workdir=" + work,
                merged.toString());
        try {
            for (boolean loopOnOverlay : new boolean[] {true, false}) {
                String name = "o" + loopOnOverlay + ".img";
                try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(upper.resolve(name).toFile(), "rw")) {
                    f.setLength(32 * MIB);
                }
                Path looped = loopOnOverlay ? merged.resolve(name) : upper.resolve(name);
                Path wiped = loopOnOverlay ? upper.resolve(name) : merged.resolve(name);
                try (LoopDevice loop = LoopDevice.over(looped.toString())) {
                    Sh.run("mkfs.ext4", "-q", "-F", loop.path());
                    loop.mount(loop.path(), Files.createDirectories(dir.resolve("m-" + loopOnOverlay)));
                    Witness w = new Witness().watch(upper.resolve(name));
                    expect(4, "mounted at", "wipe", wiped.toString(), "-m", "zero", "--yes=" + name, "--force");
                    w.unchanged();
                }
            }
        } finally {
            Sh.run("umount", merged.toString());
        }
    }

    @Test
    void aFileOrAPartitionAnotherProcessHasOpenIsInUse() throws Exception {
        Path img = random("held.img", (int) (4 * MIB));
        try (LoopDevice disk = LoopDevice.create(dir, 32 * MIB).partition("label: gpt\n,\n")) {
            Process holder = new ProcessBuilder("sh", "-c", "exec 3<>" + img + " 4<" + disk.partition(1)
                    + " && echo open && exec sleep 120").start();
            try {
                assertThat(new java.io.BufferedReader(new java.io.InputStreamReader(holder.getInputStream())).readLine())
                        .isEqualTo("open");
                Witness w = new Witness().watch(img).watch(disk);
                expect(4, "open in process " + holder.pid(), "wipe", img.toString(), "-m", "zero", "--yes=held.img");
                expect(4, "open in process " + holder.pid(), "wipe", disk.path(), "-m", "zero", "--yes=" + disk.name());
                w.unchanged();
            } finally {
                holder.destroy();
                holder.waitFor();
            }
        }
    }

    // ---- found by a second audit: uses reached through the stack, not only at the target

    @Test
    void whatAnotherProcessHasOpenBlocksEverythingStackedWithIt() throws Exception {
        try (LoopDevice disk = LoopDevice.create(dir, 32 * MIB).partition("label: gpt\n,\n");
             LoopDevice loop = LoopDevice.create(dir, 16 * MIB)) {
            Process holder = holdOpen(disk.path(), loop.path());
            try {
                Witness w = new Witness().watch(disk, loop);
                expect(4, "its disk " + disk.name() + " is open in process " + holder.pid(), "wipe", disk.partition(1),
                        "-m", "zero", "--yes=" + disk.name() + "p1");
                String image = loop.image().getFileName().toString();
                expect(4, "backs " + loop.path() + ", which is open in process " + holder.pid(), "wipe",
                        loop.image().toString(), "-m", "zero", "--yes=" + image, "--force");
                w.unchanged();
            } finally {
                holder.destroy();
                holder.waitFor();
            }
        }
        Path img = random("behind.img", (int) (8 * MIB));
        try (LoopDevice loop = LoopDevice.over(img.toString())) {
            Process holder = holdOpen(img.toString());
            try {
                Witness w = new Witness().watch(img);
                expect(4, "its backing file is open in process " + holder.pid(), "wipe", loop.path(), "-m", "zero",
                        "--yes=" + loop.name());
                w.unchanged();
            } finally {
                holder.destroy();
                holder.waitFor();
            }
        }
    }

    @Test
    void aLoopDeviceOverALoopDeviceThatSomethingHoldsIsInUse() throws Exception {
        try (LoopDevice lower = LoopDevice.create(dir, 32 * MIB)) {
            Process holder = LoopDevice.mountedInAnotherNamespace(lower.path(), dir);
            try (LoopDevice upper = LoopDevice.over(lower.path())) {
                Witness w = new Witness().watch(lower);
                expect(4, "its backing device " + lower.name() + " is held by a mount at ", "wipe",
                        upper.path(), "-m", "zero", "--yes=" + upper.name(), "--force");
                w.unchanged();
            } finally {
                holder.destroy();
                holder.waitFor();
            }
        }
    }

    @Test
    void overlayFilesTheirLayerFilesAndAMountOfASubdirectoryAreOneFile() throws Exception {
        Path lower = Files.createDirectories(dir.resolve("lower/sub"));
        Path upper = Files.createDirectories(dir.resolve("upper/sub"));
        Path work = Files.createDirectory(dir.resolve("work"));
        Path merged = Files.createDirectory(dir.resolve("merged"));
        Path subOnly = Files.createDirectory(dir.resolve("sub-only"));
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(upper.resolve("o.img").toFile(), "rw")) {
            f.setLength(32 * MIB);
        }
        Sh.run("mount", "-t", "overlay", "overlay", "-o", "lowerdir=" + dir.resolve("lower") + ",upperdir="
                + dir.resolve("upper") + ",workdir=" + work, merged.toString());
        try {
            Sh.run("mount", "--bind", merged.resolve("sub").toString(), subOnly.toString());
            try (LoopDevice loop = LoopDevice.over(subOnly.resolve("o.img").toString())) {
                Sh.run("mkfs.ext4", "-q", "-F", loop.path());
                loop.mount(loop.path(), Files.createDirectory(dir.resolve("m")));
                Witness w = new Witness().watch(upper.resolve("o.img"));
                expect(4, "mounted at", "wipe", upper.resolve("o.img").toString(), "-m", "zero", "--yes=o.img", "--force");
                w.unchanged();
            } finally {
                Sh.run("umount", subOnly.toString());
            }
            expect(2, "one file's data, seen through an overlay", "wipe", merged.resolve("sub/o.img").toString(),
                    upper.resolve("o.img").toString(), "-m", "zero", "--yes=" + merged.resolve("sub/o.img"),
                    "--yes=" + upper.resolve("o.img"));
            Process holder = holdOpen(merged.resolve("sub/o.img").toString());
            try {
                expect(4, "open in process " + holder.pid(), "wipe", upper.resolve("o.img").toString(), "-m", "zero",
                        "--yes=o.img");
            } finally {
                holder.destroy();
                holder.waitFor();
            }
        } finally {
            Sh.run("umount", merged.toString());
        }
    }

    /**
     * A live system's root: an overlay whose layers are on two file systems (here a tmpfs under a
     * folder of this machine's), which gives its files devices that no mount names. A loop device
     * over one of them is tied to its upper file, and blocks no other file.
     */
    @Test
    void aLoopDeviceOverAnOverlayOfTwoFileSystemsIsTiedToItsLayerFileAndToNothingElse() throws Exception {
        Path lower = Files.createDirectory(dir.resolve("lower"));
        Path upper = Files.createDirectory(dir.resolve("upper"));
        Path merged = Files.createDirectory(dir.resolve("merged"));
        Path other = random("other.img", (int) MIB);
        Sh.run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", lower.toString());
        try {
            Sh.run("mount", "-t", "overlay", "overlay", "-o", "lowerdir=" + lower + ",upperdir=" + upper + ",workdir="
                    + Files.createDirectory(dir.resolve("work")), merged.toString());
            try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(merged.resolve("o.img").toFile(), "rw")) {
                f.setLength(32 * MIB);
            }
            try (LoopDevice loop = LoopDevice.over(merged.resolve("o.img").toString())) {
                Sh.run("mkfs.ext4", "-q", "-F", loop.path());
                loop.mount(loop.path(), Files.createDirectory(dir.resolve("m")));
                Witness w = new Witness().watch(upper.resolve("o.img"));
                expect(4, "backs " + loop.path() + ", which is mounted at", "wipe", upper.resolve("o.img").toString(),
                        "-m", "zero", "--yes=o.img", "--force");
                w.unchanged();

                Cli cli = Cli.run("wipe", other.toString(), "-m", "zero", "--yes=other.img");

                assertThat(cli.exitCode()).as("not perhaps under %s: %s", loop.path(), cli.err()).isZero();
                assertThat(Files.readAllBytes(other)).containsOnly(0);
            } finally {
                Sh.run("umount", merged.toString());
            }
        } finally {
            Sh.run("umount", lower.toString());
        }
    }

    @Test
    void anOverlayWhoseLayerFilesCannotBeToldRefusesItsFiles() throws Exception {
        Path lower = Files.createDirectory(dir.resolve("l"));
        Files.createDirectory(dir.resolve("u"));
        Path merged = Files.createDirectory(dir.resolve("o"));
        Files.write(lower.resolve("f.img"), new byte[(int) MIB]);
        Sh.run("mount", "-t", "overlay", "overlay", "-o", "lowerdir=" + lower + ",upperdir=" + dir.resolve("u")
                + ",workdir=" + Files.createDirectory(dir.resolve("w")) + ",redirect_dir=on", merged.toString());
        try {
            Witness w = new Witness().watch(lower.resolve("f.img"));
            expect(4, "overlay file system whose layer files cannot be told", "wipe", merged.resolve("f.img").toString(),
                    "-m", "zero", "--yes=f.img");
            w.unchanged();
        } finally {
            Sh.run("umount", merged.toString());
        }
    }

    @Test
    void aLoopDeviceOverAnOverlayNoLongerMountedHereBlocksWhatCouldBeUnderIt() throws Exception {
        Path upper = Files.createDirectory(dir.resolve("up"));
        Path merged = Files.createDirectory(dir.resolve("gone"));
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(upper.resolve("g.img").toFile(), "rw")) {
            f.setLength(32 * MIB);
        }
        Sh.run("mount", "-t", "overlay", "overlay", "-o", "lowerdir=" + Files.createDirectory(dir.resolve("lo"))
                + ",upperdir=" + upper + ",workdir=" + Files.createDirectory(dir.resolve("wk")), merged.toString());
        try (LoopDevice loop = LoopDevice.over(merged.resolve("g.img").toString())) {
            Sh.run("umount", "-l", merged.toString());
            Sh.run("mkfs.ext4", "-q", "-F", loop.path());
            loop.mount(loop.path(), Files.createDirectory(dir.resolve("on-gone")));
            Witness w = new Witness().watch(upper.resolve("g.img"));
            expect(4, "perhaps under " + loop.path() + ", which is in use", "wipe", upper.resolve("g.img").toString(),
                    "-m", "zero", "--yes=g.img", "--force");
            w.unchanged();
        }
    }

    /** btrfs writes changes to new blocks: the file reads back as written, the old blocks stay on the disk. */
    @Test
    void aFileOnACopyOnWriteFileSystemIsDoneButNotProvenErased() throws Exception {
        Sh.require(Sh.onPath("mkfs.btrfs"), "needs mkfs.btrfs (btrfs-progs)");
        try (LoopDevice fs = LoopDevice.create(dir, 160 * MIB)) {
            Sh.run("mkfs.btrfs", "-q", "-f", fs.path());
            Path mnt = Files.createDirectory(dir.resolve("btrfs"));
            fs.mount(fs.path(), mnt);
            Path img = Files.write(mnt.resolve("c.img"), bytes((int) MIB, 8));

            Cli plan = Cli.run("wipe", img.toString(), "-m", "zero", "--yes=c.img", "-n");
            assertThat(plan.exitCode()).as(plan.err()).isZero();
            assertThat(plan.out()).contains("would wipe with zero (1 pass), verify last; the result will be UNPROVEN"
                    + " (exit 8): it is a file on btrfs, which writes changes to new blocks", "nothing written (--no-act)");
            JsonNode planned = new ObjectMapper().readTree(Cli.run("wipe", img.toString(), "-m", "zero", "--yes=c.img",
                    "-n", "--json").out());
            assertThat(planned.get("unproven").asText()).startsWith("it is a file on btrfs");
            try (LoopDevice over = LoopDevice.over(img.toString())) {
                Cli loopPlan = Cli.run("wipe", over.path(), "-m", "zero", "--yes=" + over.name(), "-n");
                assertThat(loopPlan.out()).contains("the result will be UNPROVEN (exit 8): its backing file " + img
                        + " is on btrfs");
                assertThat(new LinuxInventory().scan().disk(over.name()).orElseThrow().facts().loop().oldData()
                        .whyUnproven(Technique.OVERWRITE, new Verification.Last())).as("what the window's dialog says")
                        .startsWith("its backing file " + img + " is on btrfs");
            }
            assertThat(Files.readAllBytes(img)).as("nothing written by the plans").isEqualTo(bytes((int) MIB, 8));

            Cli cli = Cli.run("wipe", img.toString(), "-m", "zero", "--yes=c.img");

            assertThat(cli.exitCode()).as(cli.err()).isEqualTo(8);
            assertThat(cli.out()).contains("DONE, BUT NOT A PROVEN ERASURE", "btrfs", "old blocks stay on the disk");
            assertThat(Files.readAllBytes(img)).containsOnly(0);
        }
    }

    @Test
    void thePlanOfAFileOnAnOverlaySaysItsResultWillBeUnproven() throws Exception {
        Path lower = Files.createDirectory(dir.resolve("lower"));
        Path upper = Files.createDirectory(dir.resolve("upper"));
        Path work = Files.createDirectory(dir.resolve("work"));
        Path merged = Files.createDirectory(dir.resolve("merged"));
        Files.write(lower.resolve("o.img"), bytes((int) MIB, 5));
        Sh.run("mount", "-t", "overlay", "overlay", "-o", "lowerdir=" + lower + ",upperdir=" + upper + ",workdir=" + work,
                merged.toString());
        try {
            Cli plan = Cli.run("wipe", merged.resolve("o.img").toString(), "-m", "zero", "--yes=o.img", "-n");
            assertThat(plan.exitCode()).as(plan.err()).isZero();
            assertThat(plan.out()).contains("the result will be UNPROVEN (exit 8): it is a file on an overlay file system:"
                    + " writing it copies it up to the upper layer, and a copy in a lower layer keeps the old data");
            assertThat(Files.readAllBytes(merged.resolve("o.img"))).as("nothing written").isEqualTo(bytes((int) MIB, 5));
        } finally {
            Sh.run("umount", merged.toString());
        }
    }

    @ParameterizedTest(name = "chattr {0} while the prompt waits")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"+a", "+i"})
    void anAttributeSetWhileThePromptWaitsIsSeenBeforeTheFirstWrite(String attribute) throws Exception {
        Sh.require(Sh.onPath("chattr"), "needs chattr (e2fsprogs)");
        Path img = random("attr.img", (int) MIB);
        Witness w = new Witness().watch(img);
        try {
            Cli cli = withPause(step -> {
                if (step == Admission.Step.CONFIRMED) {
                    Sh.run("chattr", attribute, img.toString());
                }
            }, "wipe", img.toString(), "-m", "zero", "--yes=attr.img");
            assertThat(cli.exitCode()).as(cli.err()).isEqualTo(4);
            assertThat(cli.err()).contains(attribute.equals("+a") ? "append-only" : "immutable");
        } finally {
            Sh.run("chattr", attribute.replace('+', '-'), img.toString());
        }
        w.unchanged();
    }

    @Test
    void aReadOnlyPartitionProtectsItsDiskAndAnExtendedPartitionItsLogicalOnes() throws Exception {
        try (LoopDevice disk = LoopDevice.create(dir, 64 * MIB)
                .partition("label: dos\nstart=2048,size=20M\nstart=43008,type=5\nstart=45056,size=10M\n")) {
            Witness before = new Witness().watch(disk);
            Sh.run("blockdev", "--setro", disk.partition(1));
            try {
                expect(4, "its partition " + disk.name() + "p1 is read-only", "wipe", disk.path(), "-m", "zero",
                        "--yes=" + disk.name());
            } finally {
                Sh.run("blockdev", "--setrw", disk.partition(1));
            }
            before.unchanged();
            Sh.run("mkfs.ext4", "-q", "-F", disk.partition(5));
            disk.mount(disk.partition(5), Files.createDirectory(dir.resolve("logical")));
            Witness w = new Witness().watch(disk);
            expect(4, disk.name() + "p5 is mounted at", "wipe", disk.partition(2), "-m", "zero",
                    "--yes=" + disk.name() + "p2");
            w.unchanged();
        }
    }

    @Test
    void aVeryLongFileNameStillGetsItsCertificate() throws Exception {
        Path img = random("n".repeat(240) + ".img", 4096);
        Cli cli = Cli.run("wipe", img.toString(), "-m", "zero", "--yes=" + img.getFileName());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("certificate");
    }

    /** A process that holds these paths open (read and write, no lock) until destroyed. */
    private static Process holdOpen(String... paths) throws IOException {
        StringBuilder redirects = new StringBuilder();
        for (int i = 0; i < paths.length; i++) {
            redirects.append(' ').append(3 + i).append("<>'").append(paths[i]).append('\'');
        }
        Process p = new ProcessBuilder("sh", "-c", "exec" + redirects + " && echo open && exec sleep 120").start();
        String line = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream())).readLine();
        assertThat(line).as("the holder opened " + String.join(", ", paths)).isEqualTo("open");
        return p;
    }

    // ---- races, made deterministic by pausing between the steps

    @ParameterizedTest(name = "repointed after {0}")
    @EnumSource(Admission.Step.class)
    void aSymlinkRepointedBetweenTheStepsDoesNotMoveTheWrites(Admission.Step when) throws Exception {
        try (LoopDevice confirmed = LoopDevice.create(dir, 16 * MIB);
             LoopDevice other = LoopDevice.create(dir, 16 * MIB)) {
            confirmed.fillRandom(confirmed.path(), 2);
            other.fillRandom(other.path(), 3);
            Path link = Files.createSymbolicLink(dir.resolve("disk"), Path.of(confirmed.path()));
            Witness w = new Witness().watch(other);

            Cli cli = withPause(step -> {
                if (step == when) {
                    Files.delete(link);
                    Files.createSymbolicLink(link, Path.of(other.path()));
                }
            }, "wipe", link.toString(), "-m", "zero", "--yes=" + confirmed.name());

            assertThat(cli.exitCode()).as(cli.err()).isZero();
            assertThat(LoopDevice.allZero(confirmed.image().toString())).isTrue();
            w.unchanged();
        }
    }

    @Test
    void theUnalignedTailIsWrittenToTheConfirmedFileEvenIfItWasRenamed() throws Exception {
        Path file = random("odd.img", (int) MIB + 1000);
        Path moved = dir.resolve("moved.img");
        Path planted = dir.resolve("planted");
        Files.write(planted, bytes((int) MIB + 1000, 9));
        Witness w = new Witness().watch(planted);

        Cli cli = withPause(step -> {
            if (step == Admission.Step.OPENED) {
                Files.move(file, moved);
                Files.copy(planted, file);
            }
        }, "wipe", file.toString(), "-m", "one", "--yes=odd.img");

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(Files.readAllBytes(moved)).as("the confirmed file, tail included").containsOnly((byte) 0xFF);
        assertThat(Files.readAllBytes(file)).as("the file put at its path afterwards").isEqualTo(Files.readAllBytes(planted));
        w.unchanged();
    }

    @Test
    void aLoopDeviceCannotBeAttachedToOtherMediaWhileItIsHeldForTheWipe() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 16 * MIB)) {
            loop.fillRandom(loop.path(), 4);
            Path other = random("other.img", (int) (16 * MIB));
            Witness w = new Witness().watch(other);

            Cli cli = withPause(step -> {
                if (step == Admission.Step.CONFIRMED) {
                    Sh.run("losetup", "-d", loop.path());
                    assertThat(exitCode("losetup", loop.path(), other.toString()))
                            .as("attaching other media to a held loop device fails").isNotZero();
                }
            }, "wipe", loop.path(), "-m", "zero", "--yes=" + loop.name());

            assertThat(cli.exitCode()).as(cli.err()).isZero();
            assertThat(LoopDevice.allZero(loop.image().toString())).isTrue();
            w.unchanged();
        }
    }

    @Test
    void aDeviceNodeMadeElsewhereIsJudgedByItsNumberInWipeAndShow() throws Exception {
        try (LoopDevice loop = mountedLoop()) {
            String[] majMin = Files.readString(Path.of("/sys/block", loop.name(), "dev")).strip().split(":");
            Path node = dir.resolve("planted-node");
            Sh.run("mknod", node.toString(), "b", majMin[0], majMin[1]);
            Witness w = new Witness().watch(loop);
            expect(4, "refused: mounted at " + dir.resolve("mnt"), "wipe", node.toString(), "-m", "zero",
                    "--yes=" + loop.name(), "--force");

            Cli show = Cli.run("show", node.toString());
            assertThat(show.exitCode()).as(show.err()).isZero();
            assertThat(show.out()).contains("device:            /dev/" + loop.name() + " (" + String.join(":", majMin) + ")",
                    "verdict:           BLOCKED: mounted at " + dir.resolve("mnt"));
            w.unchanged();
        }
    }

    /**
     * A planted node of a loop device, as show finds it: every overwrite offered, no firmware
     * method (a loop device takes no drive commands), each with the reason; a firmware method on it
     * is refused before anything is written (exit 5).
     */
    @Test
    void methodsOfADeviceSayWhichItOffersAndAFirmwareMethodOnALoopDeviceWritesNothing() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 8 * MIB)) {
            String[] majMin = Files.readString(Path.of("/sys/block", loop.name(), "dev")).strip().split(":");
            Path node = dir.resolve("planted-node");
            Sh.run("mknod", node.toString(), "b", majMin[0], majMin[1]);

            Cli methods = Cli.run("methods", node.toString());

            assertThat(methods.exitCode()).as(methods.err()).isZero();
            assertThat(methods.out()).startsWith("/dev/" + loop.name() + " (none):")
                    .containsPattern("(?m)^  zero +offered$")
                    .containsPattern("(?m)^  nvme-format-user-data +not offered: the device takes no drive commands");
            Witness w = new Witness().watch(loop);
            expect(5, "nvme-sanitize-crypto: not supported by this device: the device takes no drive commands", "wipe",
                    loop.path(), "-m", "nvme-sanitize-crypto", "--yes=" + loop.name());
            w.unchanged();
        }
    }

    @Test
    void showSaysWhatAPathLedToWhenItIsNoListedDevice() throws Exception {
        Path img = random("shown.img", 4096);
        Cli file = Cli.run("show", img.toString());
        assertThat(file.exitCode()).isEqualTo(6);
        assertThat(file.err()).contains(img + ": is an image file, not a disk or partition");

        Path node = dir.resolve("node-of-nothing");
        Sh.run("mknod", node.toString(), "b", "7", "1048575");
        Cli nothing = Cli.run("show", node.toString());
        assertThat(nothing.exitCode()).isEqualTo(6);
        assertThat(nothing.err()).contains(node + ": is the node of device 7:1048575, which the kernel does not list");
    }

    @Test
    void anActiveSwapFileIsBlockedWhateverNamesIt() throws Exception {
        Sh.require(Sh.onPath("mkswap") && Sh.onPath("swapon"), "needs mkswap and swapon (util-linux)");
        Path swap = dir.resolve("swap.img");
        Files.write(swap, new byte[(int) (16 * MIB)]);
        Files.setPosixFilePermissions(swap, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Sh.run("mkswap", "-q", swap.toString());
        Sh.run("swapon", swap.toString());
        try {
            Path alias = Files.createLink(dir.resolve("alias.img"), swap);
            Witness w = new Witness().watch(swap);
            expect(4, "active swap file", "wipe", alias.toString(), "-m", "zero", "--yes=alias.img", "--force");
            w.unchanged();
        } finally {
            Sh.run("swapoff", swap.toString());
        }
    }

    // ---- probes: programs that look at a device for a moment are waited for, not taken for owners

    /** How each probe is recognised: a window's command line ends in its main class; udev and blkid by name. */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"the Blockwipe window", "udev", "blkid"})
    void aWipeWaitsForAProbeThatReadsTheDeviceAndThenWipesIt(String who) throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 16 * MIB)) {
            loop.fillRandom(loop.path(), 6);
            Process probe = probe(who, loop.path(), 1);
            try {
                Cli cli = Cli.run("wipe", loop.path(), "-m", "zero", "--yes=" + loop.name());

                assertThat(cli.exitCode()).as(cli.err()).isZero();
                assertThat(LoopDevice.allZero(loop.image().toString())).isTrue();
            } finally {
                probe.destroy();
                probe.waitFor();
            }
        }
    }

    @Test
    void aProbeThatKeepsReadingIsNamedAfterAFewSecondsAndAHolderAtOnce() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 16 * MIB)) {
            Witness w = new Witness().watch(loop);
            Process window = probe("the Blockwipe window", loop.path(), 60);
            try {
                long start = System.nanoTime();
                expect(4, "the Blockwipe window, process " + window.pid() + ", is reading it", "wipe", loop.path(), "-m",
                        "zero", "--yes=" + loop.name());
                assertThat(System.nanoTime() - start).as("waited for it, a few seconds").isBetween(2_500_000_000L,
                        30_000_000_000L);
            } finally {
                window.destroy();
                window.waitFor();
            }
            Process holder = holdOpen(loop.path());
            try {
                long start = System.nanoTime();
                expect(4, "open in process " + holder.pid(), "wipe", loop.path(), "-m", "zero", "--yes=" + loop.name());
                assertThat(System.nanoTime() - start).as("refused at once").isLessThan(2_500_000_000L);
            } finally {
                holder.destroy();
                holder.waitFor();
            }
            w.unchanged();
        }
    }

    /**
     * A process that reads {@code device} for {@code seconds}, recognisable as {@code who}: a shell
     * whose command line ends in dev.blockwipe.Main as a window's does, or one started under the
     * name udev's worker and blkid have (the kernel names a process after the file it runs).
     */
    private Process probe(String who, String device, int seconds) throws IOException {
        String script = "exec 3<'" + device + "' && echo open && sleep " + seconds + " 3<&-";
        ProcessBuilder pb;
        if (who.equals("the Blockwipe window")) {
            pb = new ProcessBuilder("sh", "-c", script, "dev.blockwipe.Main");
        } else {
            Path named = dir.resolve(who.equals("udev") ? "(udev-worker)" : "blkid");
            if (!Files.exists(named)) {
                Files.createSymbolicLink(named, Path.of("/bin/sh"));
            }
            pb = new ProcessBuilder(named.toString(), "-c", script);
        }
        Process p = pb.start();
        String line = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream())).readLine();
        assertThat(line).as(who + " opened " + device).isEqualTo("open");
        return p;
    }

    // ---- one image file, two wipers

    @Test
    void anImageFileLockedByAnotherProgramIsInUse() throws Exception {
        Path img = random("locked.img", (int) (4 * MIB));
        Witness w = new Witness().watch(img);
        try (OpenedTarget otherBlockwipe = new LinuxTargets().open(img.toString(), Access.WRITE)) {
            expect(4, "in use: another program holds a lock on it", "wipe", img.toString(), "-m", "zero", "--yes=locked.img");
        }
        try (FileChannel qemu = FileChannel.open(img, StandardOpenOption.READ, StandardOpenOption.WRITE);
             FileLock lock = qemu.lock(100, 1, false)) {
            expect(4, "in use: another program holds a lock on it", "wipe", img.toString(), "-m", "zero", "--yes=locked.img");
        }
        Process flock = new ProcessBuilder("flock", img.toString(), "sleep", "30").start();
        try {
            waitUntilLocked(img);
            expect(4, "open in process " + flock.pid() + " (flock)", "wipe", img.toString(), "-m", "zero",
                    "--yes=locked.img");
        } finally {
            flock.destroy();
            flock.waitFor();
        }
        w.unchanged();
    }

    // ---- files that are not disk images

    @Test
    void filesOfTheKernelsOwnFileSystemsAreNotDiskImages() throws Exception {
        expect(6, "is a file on proc", "wipe", "/proc/sys/vm/drop_caches", "-m", "zero", "--yes=drop_caches");
        Path sys = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
        if (Files.exists(sys)) {
            expect(6, "is a file on sysfs", "wipe", sys.toString(), "-m", "zero", "--yes=enabled");
        }
        Path inDev = Path.of("/dev/blockwipe-test-" + ProcessHandle.current().pid());
        Files.write(inDev, bytes(4096, 5));
        try {
            expect(6, "is a file on devtmpfs", "wipe", inDev.toString(), "-m", "zero", "--yes=" + inDev.getFileName());
            assertThat(Files.readAllBytes(inDev)).isEqualTo(bytes(4096, 5));
        } finally {
            Files.delete(inDev);
        }
    }

    // ---- the command line itself

    @Test
    void theSameTargetGivenTwiceIsAUsageError() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 16 * MIB).partition("label: gpt\n,\n")) {
            Path img = random("twice.img", (int) MIB);
            Path alias = Files.createLink(dir.resolve("alias.img"), img);
            Path link = Files.createSymbolicLink(dir.resolve("dev-link"), Path.of(loop.path()));
            Witness w = new Witness().watch(loop).watch(img);

            expect(2, "is given twice", "wipe", loop.path(), loop.path(), "-m", "zero", "--yes=" + loop.name());
            expect(2, "is given twice", "wipe", loop.path(), link.toString(), "-m", "zero", "--yes=" + loop.name());
            expect(2, "is given twice", "wipe", img.toString(), alias.toString(), "-m", "zero", "--yes=" + img,
                    "--yes=" + alias);
            expect(2, "is a partition of " + loop.path(), "wipe", loop.path(), loop.partition(1), "-m", "zero",
                    "--yes=" + loop.name(), "--yes=" + loop.name() + "p1");
            w.unchanged();
        }
    }

    @Test
    void oneNameForTwoTargetsConfirmsNeitherButFullPathsDo() throws Exception {
        Path a = random("a/x.img", (int) MIB);
        Path b = random("b/x.img", (int) MIB);
        Witness w = new Witness().watch(a, b);

        expect(4, "would confirm 2 targets", "wipe", a.toString(), b.toString(), "-m", "zero", "--yes=x.img");
        expect(4, "not confirmed: pass --yes=" + b, "wipe", a.toString(), b.toString(), "-m", "zero", "--yes=" + a);
        w.unchanged();
        Cli cli = Cli.run("wipe", a.toString(), b.toString(), "-m", "zero", "--yes=" + a, "--yes=" + b);
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(Files.readAllBytes(a)).containsOnly(0);
        assertThat(Files.readAllBytes(b)).containsOnly(0);
    }

    @Test
    void pathsThatCannotBeResolvedSayWhy() {
        expect(6, "the path is too long", "wipe", dir.resolve("x".repeat(300)).toString(), "-m", "zero", "--yes=x");
        expect(6, "the path is too long", "wipe", "/tmp/" + "d/".repeat(2100) + "x", "-m", "zero", "--yes=x");
        expect(6, "no such file or device", "wipe", "", "-m", "zero", "--yes=x");
    }

    @Test
    void aFifoAndADeviceNodeWithoutADeviceAreRefusedWithoutHanging() throws Exception {
        Path fifo = dir.resolve("fifo");
        Sh.run("mkfifo", fifo.toString());
        expect(6, "is a FIFO", "wipe", fifo.toString(), "-m", "zero", "--yes=fifo");
        Path dead = dir.resolve("dead-node");
        Sh.run("mknod", dead.toString(), "b", "259", "999999"); // blkext hands out minors from 0
        expect(6, "no such device", "wipe", dead.toString(), "-m", "zero", "--yes=dead-node");
    }

    @Test
    void aSymlinkLoopSaysSo() throws Exception {
        Files.createSymbolicLink(dir.resolve("a"), dir.resolve("b"));
        Files.createSymbolicLink(dir.resolve("b"), dir.resolve("a"));
        expect(6, "too many levels of symbolic links", "wipe", dir.resolve("a").toString(), "-m", "zero", "--yes=a");
    }

    @Test
    void anImmutableFileIsReadOnlyEvenForRoot() throws Exception {
        Sh.require(Sh.onPath("chattr"), "needs chattr (e2fsprogs)");
        Path img = random("frozen.img", (int) MIB);
        Sh.run("chattr", "+i", img.toString());
        try {
            Witness w = new Witness().watch(img);
            expect(4, "is immutable or append-only", "wipe", img.toString(), "-m", "zero", "--yes=frozen.img");
            w.unchanged();
        } finally {
            Sh.run("chattr", "-i", img.toString());
        }
    }

    @Test
    void discardWithoutAReadBackIsNotCalledErased() throws Exception {
        Path img = random("d.img", (int) (2 * MIB));
        Path reports = dir.resolve("reports");

        Cli cli = Cli.run("wipe", img.toString(), "-m", "discard", "--verify", "off", "--yes=d.img", "--json",
                "--report-dir", reports.toString());

        assertThat(cli.exitCode()).as(cli.err()).isEqualTo(8);
        assertThat(cli.out()).doesNotContain("\"ERASED\"").contains("\"state\":\"UNPROVEN\"");
        Path certificate;
        try (var files = Files.list(reports)) {
            certificate = files.filter(p -> p.toString().endsWith(".json")).findFirst().orElseThrow();
        }
        JsonNode c = new ObjectMapper().readTree(certificate.toFile());
        assertThat(c.at("/result/state").asText()).isEqualTo("UNPROVEN");
        assertThat(c.at("/result/outcome").asText()).isEqualTo("Done, not a proven erasure");
        assertThat(c.at("/result/notProvenBecause").asText()).contains("block map");
        assertThat(c.at("/sanitization/nist80088Category").asText()).isEqualTo("none");
    }

    // ---- helpers

    /** A loop device over an image, with ext4 on it, mounted. */
    private LoopDevice mountedLoop() throws Exception {
        LoopDevice loop = LoopDevice.create(dir, 32 * MIB);
        try {
            Sh.run("mkfs.ext4", "-q", "-F", loop.path());
            loop.mount(loop.path(), Files.createDirectory(dir.resolve("mnt")));
            return loop;
        } catch (RuntimeException | Error e) {
            loop.close();
            throw e;
        }
    }

    /** Runs the CLI with a wipe command that calls {@code pause} between the gate's steps. */
    private static Cli withPause(Admission.Pause pause, String... args) {
        CommandLine.IFactory factory = new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> cls) throws Exception {
                return cls == WipeCommand.class
                        ? cls.cast(new WipeCommand(new LinuxTargets(), new LinuxInventory(), pause))
                        : CommandLine.defaultFactory().create(cls);
            }
        };
        return Cli.with((a, out, err) -> BlockwipeCli.run(a, out, err, factory), args);
    }

    private static void expect(int code, String message, String... args) {
        Cli cli = Cli.run(args);
        assertThat(cli.exitCode()).as("exit code; stderr: %s", cli.err()).isEqualTo(code);
        assertThat(cli.err().lines()).as("stderr").singleElement().asString().startsWith("blockwipe: ").contains(message);
        assertThat(cli.out()).as("stdout").isEmpty();
    }

    private Path random(String name, int size) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        return Files.write(p, bytes(size, name.hashCode()));
    }

    private static byte[] bytes(int size, long seed) {
        byte[] data = new byte[size];
        new Random(seed).nextBytes(data);
        return data;
    }

    /** flock(1) takes its lock a moment after it starts. */
    private static void waitUntilLocked(Path img) throws Exception {
        for (int i = 0; i < 200; i++) {
            if (exitCode("flock", "-n", img.toString(), "true") != 0) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("flock did not take its lock on " + img);
    }

    private static int exitCode(String... command) throws IOException {
        try {
            return new ProcessBuilder(command).redirectErrorStream(true).start().waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + command[0], e);
        }
    }
}
