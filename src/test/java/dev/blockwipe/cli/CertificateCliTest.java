package dev.blockwipe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.testing.Cli;
import dev.blockwipe.testing.LoopDevice;
import dev.blockwipe.testing.Sh;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Certificates as the CLI writes and checks them. */
class CertificateCliTest {
    @TempDir
    Path tmp;

    @Test
    void aWipeWritesASignedCertificateThatReportVerifyAccepts() throws Exception {
        Path img = image("disk.img");
        Cli wipe = wipe(img, tmp.resolve("reports"));
        assertThat(wipe.exitCode()).as(wipe.err()).isZero();
        assertThat(wipe.out()).contains("ERASED", "certificate " + tmp.resolve("reports"));
        Path json = only(tmp.resolve("reports"), ".json");

        Cli verify = Cli.run("report", "verify", json.toString(), "--config-dir", tmp.resolve("config").toString());
        assertThat(verify.exitCode()).isZero();
        assertThat(verify.out()).startsWith("VALID");

        Cli list = Cli.run("report", "list", "--report-dir", tmp.resolve("reports").toString());
        assertThat(list.out()).contains("disk.img", "Erased", json.toString());
        Cli show = Cli.run("report", "show", json.toString());
        assertThat(show.out()).contains("result:        Erased", "operator:      Ada Tech", "organisation:  Lab 4");
    }

    /** A firmware erase's certificate shows the command sent, the drive's word and why it is Purge. */
    @Test
    void reportShowListsAFirmwareErasesCommandAndPurge() throws Exception {
        Path golden = Path.of(CertificateCliTest.class.getResource(
                "/dev/blockwipe/report/golden/certificate-v8/20261205T101531Z_vm_GOLD-8.json").toURI());

        Cli show = Cli.run("report", "show", golden.toString());

        assertThat(show.exitCode()).as(show.err()).isZero();
        assertThat(show.out()).contains("NIST 800-88:   Purge", "drive command: Format NVM (opcode 0x80)",
                "purge:         Purge: the drive reported success, canaries 64 of 64 changed, every byte read back as 0x00")
                .doesNotContain("limitation:");
    }

    /** The boot stick booted from a CD keeps certificates in memory: said before the confirmation, in one line. */
    @Test
    void certificatesThatWouldGoToMemoryAreWarnedOfBeforeTheWipe() throws Exception {
        Path shm = Path.of("/dev/shm");
        Sh.require(Files.isDirectory(shm) && Sh.run("stat", "-f", "-c", "%T", shm.toString()).strip().equals("tmpfs"),
                "needs /dev/shm on tmpfs");
        Path reports = Files.createTempDirectory(shm, "blockwipe-reports");
        try {
            Cli wipe = Cli.run("wipe", image("a.img").toString(), "-m", "zero", "--yes=a.img", "--report-dir",
                    reports.toString(), "--config-dir", tmp.resolve("config").toString());
            assertThat(wipe.exitCode()).as(wipe.err()).isZero();
            assertThat(wipe.err().lines().filter(l -> l.contains("in memory")))
                    .containsExactly("blockwipe: warning: certificates go to " + reports + ", which is in memory (tmpfs): they"
                            + " are lost at power-off unless copied off first; keep them on a disk instead (--report-dir, or"
                            + " Settings in the window; on the Blockwipe boot stick, plug in a USB stick with a partition"
                            + " labelled BLOCKWIPE)");
        } finally {
            Sh.run("rm", "-rf", reports.toString());
        }
        Cli onDisk = Cli.run("wipe", image("b.img").toString(), "-m", "zero", "--yes=b.img", "--report-dir",
                tmp.resolve("reports").toString(), "--config-dir", tmp.resolve("config").toString());
        assertThat(onDisk.err()).doesNotContain("in memory");
    }

    @Test
    void assetTagsGoOnTheirTargetsCertificates() throws Exception {
        Path a = image("a.img");
        Path b = image("b.img");
        Path reports = tmp.resolve("reports");
        Cli wipe = Cli.run("wipe", a.toString(), b.toString(), "-m", "zero", "--yes=a.img", "--yes=b.img",
                "--asset-tag", "b.img=LAB-0002", "--asset-tag", a + "=LAB-0001", "--report-dir", reports.toString(),
                "--config-dir", tmp.resolve("config").toString());
        assertThat(wipe.exitCode()).as(wipe.err()).isZero();
        try (Stream<Path> files = Files.list(reports)) {
            for (Path json : files.filter(p -> p.toString().endsWith(".json")).toList()) {
                String name = new ObjectMapper().readTree(json.toFile()).at("/device/name").asText();
                assertThat(new ObjectMapper().readTree(json.toFile()).at("/device/assetTag").asText())
                        .isEqualTo(name.equals("a.img") ? "LAB-0001" : "LAB-0002");
            }
        }
    }

    @Test
    void anAssetTagThatFitsNoTargetIsAUsageErrorAndNothingIsWritten() throws Exception {
        Path a = image("a.img");
        Path b = image("b.img");
        byte[] before = Files.readAllBytes(a);
        Cli wipe = Cli.run("wipe", a.toString(), b.toString(), "-m", "zero", "--yes=a.img", "--yes=b.img",
                "--asset-tag", "LAB-0001", "--report-dir", tmp.resolve("reports").toString(),
                "--config-dir", tmp.resolve("config").toString());
        assertThat(wipe.exitCode()).isEqualTo(2);
        assertThat(wipe.err().lines()).singleElement().asString().contains("say which target it is for, as NAME=TAG");
        assertThat(Files.readAllBytes(a)).isEqualTo(before);
    }

    /** "nope=T1" for the only target was put on its certificate as the tag "nope=T1": a NAME that fits nothing is a mistake. */
    @Test
    void aNameBeforeTheEqualsSignThatFitsNoTargetIsAUsageErrorEvenForOneTarget() throws Exception {
        Path a = image("a.img");
        byte[] before = Files.readAllBytes(a);
        Cli wipe = Cli.run("wipe", a.toString(), "-m", "zero", "--yes=a.img", "--asset-tag=nope=T1", "--report-dir",
                tmp.resolve("reports").toString(), "--config-dir", tmp.resolve("config").toString());
        assertThat(wipe.exitCode()).isEqualTo(2);
        assertThat(wipe.err().lines()).singleElement().asString().startsWith("blockwipe: --asset-tag nope=T1: ")
                .contains("'nope' names no target (targets: a.img)", "NAME=TAG");
        assertThat(wipe.out()).isEmpty();
        assertThat(Files.readAllBytes(a)).isEqualTo(before);
        try (Stream<Path> files = Files.list(tmp.resolve("reports"))) {
            assertThat(files).as("no certificate, no log (the folder was checked before the targets)").isEmpty();
        }
    }

    @Test
    void aTagThatContainsAnEqualsSignIsGivenWithItsTargetsName() throws Exception {
        Path a = image("a=1.img");
        Path reports = tmp.resolve("reports");
        Cli wipe = Cli.run("wipe", a.toString(), "-m", "zero", "--yes=a=1.img", "--asset-tag", "a=1.img=RACK=4",
                "--report-dir", reports.toString(), "--config-dir", tmp.resolve("config").toString());
        assertThat(wipe.exitCode()).as(wipe.err()).isZero();
        assertThat(new ObjectMapper().readTree(only(reports, ".json").toFile()).at("/device/assetTag").asText())
                .isEqualTo("RACK=4");
    }

    /** As for --yes: a name two targets share tags neither, or the tag could land on the wrong disk's certificate. */
    @Test
    void aNameTwoTargetsShareTagsNeither() throws Exception {
        Path a = Files.createDirectory(tmp.resolve("a")).resolve("disk.img");
        Path b = Files.createDirectory(tmp.resolve("b")).resolve("disk.img");
        Files.write(a, new byte[1 << 20]);
        Files.write(b, new byte[1 << 20]);
        Files.write(a, new byte[] {1}, java.nio.file.StandardOpenOption.WRITE);
        Cli wipe = Cli.run("wipe", a.toString(), b.toString(), "-m", "zero", "--yes=" + a, "--yes=" + b,
                "--asset-tag", "disk.img=LAB-1", "--report-dir", tmp.resolve("reports").toString(),
                "--config-dir", tmp.resolve("config").toString());
        assertThat(wipe.exitCode()).isEqualTo(2);
        assertThat(wipe.err().lines()).singleElement().asString().contains("'disk.img' fits 2 targets (" + a + ", " + b + ")");
        assertThat(Files.readAllBytes(a)[0]).as("nothing written").isEqualTo((byte) 1);
    }

    @Test
    void reportVerifySaysTamperedWithExitCodeThreeWhenTheJsonChanged() throws Exception {
        wipe(image("t.img"), tmp.resolve("reports"));
        Path json = only(tmp.resolve("reports"), ".json");
        Files.writeString(json, Files.readString(json).replace("Erased", "Erasea"));
        Cli verify = Cli.run("report", "verify", json.toString(), "--config-dir", tmp.resolve("config").toString());
        assertThat(verify.exitCode()).isEqualTo(3);
        assertThat(verify.out()).startsWith("TAMPERED");
    }

    @Test
    void aReportsDirectoryThatCannotBeMadeIsRefusedBeforeAnythingIsWritten() throws Exception {
        Path img = image("u.img");
        byte[] before = Files.readAllBytes(img);
        Path notADirectory = Files.writeString(tmp.resolve("file"), "x");
        Cli wipe = wipe(img, notADirectory.resolve("reports"));
        assertThat(wipe.exitCode()).isEqualTo(12);
        assertThat(wipe.out()).isEmpty();
        assertThat(wipe.err().lines()).singleElement().asString()
                .isEqualTo("blockwipe: the reports directory " + notADirectory.resolve("reports") + " cannot be made: Not a"
                        + " directory");
        assertThat(Files.readAllBytes(img)).isEqualTo(before);
    }

    /** Read-only and full reports directories, on file systems the test mounts (root): refused, nothing written. */
    @Test
    void aReadOnlyOrFullReportsDirectoryIsRefusedBeforeAnythingIsWritten() throws Exception {
        Sh.require(Sh.isRoot(), "mounting a read-only and a full file system needs root");
        Path img = image("v.img");
        byte[] before = Files.readAllBytes(img);
        Path readOnly = Files.createDirectory(tmp.resolve("ro"));
        Path full = Files.createDirectory(tmp.resolve("full"));
        Sh.run("mount", "-t", "tmpfs", "-o", "ro,mode=700,size=4m", "tmpfs", readOnly.toString());
        try {
            Sh.run("mount", "-t", "tmpfs", "-o", "mode=700,size=512k", "tmpfs", full.toString());
            try {
                Cli ro = wipe(img, readOnly);
                assertThat(ro.exitCode()).isEqualTo(12);
                assertThat(ro.err().lines()).singleElement().asString()
                        .isEqualTo("blockwipe: cannot write to the reports directory " + readOnly + ": Read-only file system");

                Cli noRoom = wipe(img, full);
                assertThat(noRoom.exitCode()).isEqualTo(12);
                assertThat(noRoom.err().lines()).singleElement().asString()
                        .startsWith("blockwipe: the reports directory " + full + " has ")
                        .endsWith(" bytes free, less than the 1048576 its files may need");
                assertThat(Files.readAllBytes(img)).isEqualTo(before);
            } finally {
                Sh.run("umount", full.toString());
            }
        } finally {
            Sh.run("umount", readOnly.toString());
        }
    }

    @Test
    void verifyTellsMissingFromTamperedAndSaysWhyInOneLine() throws Exception {
        Path img = image("disk.img");
        assertThat(wipe(img, tmp.resolve("reports")).exitCode()).isZero();
        String config = tmp.resolve("config").toString();

        Cli missing = Cli.run("report", "verify", tmp.resolve("nope.json").toString(), "--config-dir", config);
        assertThat(missing.exitCode()).isEqualTo(6);
        assertThat(missing.err().lines()).singleElement().asString().contains("nope.json: no such file");

        Path garbage = Files.writeString(tmp.resolve("garbage.json"), "this is { not json");
        Files.writeString(tmp.resolve("garbage.json.sig"), "neither is this");
        Cli notJson = Cli.run("report", "verify", garbage.toString(), "--config-dir", config);
        assertThat(notJson.exitCode()).isEqualTo(3);
        assertThat(notJson.out().lines()).singleElement().asString().startsWith("TAMPERED: cannot check garbage.json");

        Path huge = tmp.resolve("huge.json");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(3L << 30);
        }
        Files.copy(tmp.resolve("garbage.json.sig"), tmp.resolve("huge.json.sig"));
        Cli big = Cli.run("report", "verify", huge.toString(), "--config-dir", config);
        assertThat(big.exitCode()).isEqualTo(3);
        assertThat(big.out().lines()).singleElement().asString().contains("too large to be a Blockwipe certificate");

        Cli show = Cli.run("report", "show", garbage.toString());
        assertThat(show.exitCode()).isEqualTo(1);
        assertThat(show.err().lines()).singleElement().asString().contains("not a readable certificate");
    }

    /**
     * Each line has the whole date and time, the device, the method and the result; the asset tag
     * shows where a certificate has one, and a column no certificate fills is left out.
     */
    @Test
    void listShowsDateAndTimeMethodAndAssetTagAndNoEmptyColumn() throws Exception {
        Path reports = tmp.resolve("reports");
        assertThat(wipe(image("untagged.img"), reports).exitCode()).isZero();

        List<String> untagged = Cli.run("report", "list", "--report-dir", reports.toString()).out().lines().toList();
        assertThat(untagged.get(0)).startsWith("Date").contains("Device", "Method", "Result", "File")
                .doesNotContain("Serial", "Asset tag");
        assertThat(untagged.get(1)).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC  untagged\\.img +zero +Erased.*");

        Path tagged = image("tagged.img");
        assertThat(Cli.run("wipe", tagged.toString(), "-m", "zero", "--yes=tagged.img", "--asset-tag", "LAB-0042",
                "--report-dir", reports.toString(), "--config-dir", tmp.resolve("config").toString()).exitCode()).isZero();

        List<String> both = Cli.run("report", "list", "--report-dir", reports.toString()).out().lines().toList();
        assertThat(both.get(0)).contains("Asset tag");
        assertThat(both).hasSize(3).anySatisfy(l -> assertThat(l).contains("tagged.img", "LAB-0042", "zero", "Erased"));
        Path json = Files.list(reports).filter(p -> p.toString().endsWith("_tagged.img.json")).findFirst().orElseThrow();
        assertThat(Cli.run("report", "show", json.toString()).out()).contains("asset tag:     LAB-0042");
    }

    @Test
    void listNamesATruncatedCertificateAndGoesOn() throws Exception {
        Path reports = tmp.resolve("reports");
        assertThat(wipe(image("a.img"), reports).exitCode()).isZero();
        Path good = only(reports, ".json");
        Path truncated = reports.resolve("20200101T000000Z_host_cut.json");
        byte[] bytes = Files.readAllBytes(good);
        Files.write(truncated, java.util.Arrays.copyOf(bytes, bytes.length / 2));

        Cli list = Cli.run("report", "list", "--report-dir", reports.toString());

        assertThat(list.exitCode()).isZero();
        assertThat(list.out().lines()).hasSize(3);
        assertThat(list.out()).contains("UNREADABLE", truncated.toString(), "Erased", good.toString());
        assertThat(list.err().lines()).singleElement().asString().contains(truncated.getFileName().toString(), "truncated");
    }

    /** A journal directory that cannot take a file does not stop the wipe, but the user hears it first. */
    @Test
    void aReadOnlyJournalDirectoryIsAWarningBeforeTheFirstWrite() throws Exception {
        Sh.require(Sh.isRoot(), "mounting a read-only file system needs root");
        Path img = image("j.img");
        Path journals = Files.createDirectory(tmp.resolve("journals-ro"));
        Sh.run("mount", "-t", "tmpfs", "-o", "ro,mode=700,size=1m", "tmpfs", journals.toString());
        try {
            Cli cli = Cli.run("wipe", img.toString(), "-m", "zero", "--yes=j.img", "--report-dir",
                    tmp.resolve("reports").toString(), "--config-dir", tmp.resolve("config").toString(), "--journal-dir",
                    journals.toString());
            assertThat(cli.exitCode()).as(cli.err()).isZero();
            assertThat(cli.err().lines().findFirst()).hasValue("blockwipe: warning: if interrupted, this wipe cannot be"
                    + " resumed: cannot write to the journal directory " + journals + ": Read-only file system");
            assertThat(Files.readAllBytes(img)).containsOnly((byte) 0);
        } finally {
            Sh.run("umount", journals.toString());
        }
    }

    @Test
    void aReportsDirectoryOthersMayWriteIsRefusedBeforeAnythingIsWritten() throws Exception {
        Path shared = Files.createDirectory(tmp.resolve("shared"));
        Files.setPosixFilePermissions(shared, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        Path img = image("w.img");
        byte[] before = Files.readAllBytes(img);

        Cli cli = wipe(img, shared);

        assertThat(cli.exitCode()).isEqualTo(12);
        assertThat(cli.err().lines()).singleElement().asString().contains("writable by others");
        assertThat(Files.readAllBytes(img)).isEqualTo(before);
        try (Stream<Path> left = Files.list(shared)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void exportKeyPrintsThePublicKeyForAuditors() {
        Cli export = Cli.run("report", "export-key", "--config-dir", tmp.resolve("config").toString());
        assertThat(export.exitCode()).isZero();
        assertThat(export.out()).startsWith("-----BEGIN PUBLIC KEY-----").contains("-----END PUBLIC KEY-----");
        assertThat(export.err()).startsWith("fingerprint SHA256:");
    }

    @Test
    void aRealLoopDeviceCertificateRecordsWhatWasOnIt() throws Exception {
        try (LoopDevice loop = LoopDevice.create(tmp, 48L << 20)) {
            loop.partition("label: gpt\nsize=20M,name=first\nsize=+\n");
            Sh.run("mkfs.ext4", "-q", "-F", "-L", "lab", loop.partition(1));
            Cli wipe = Cli.run("wipe", loop.path(), "-m", "nist-clear", "--yes=" + loop.name(), "--report-dir",
                    tmp.resolve("reports").toString(), "--config-dir", tmp.resolve("config").toString(), "--operator", "Ada");
            assertThat(wipe.exitCode()).as(wipe.err()).isZero();
            JsonNode cert = new ObjectMapper().readTree(Files.readAllBytes(only(tmp.resolve("reports"), ".json")));
            assertThat(cert.at("/device/path").asText()).isEqualTo(loop.path());
            assertThat(cert.at("/device/kind").asText()).isEqualTo("Loop");
            assertThat(cert.at("/device/backingFile").asText()).isEqualTo(loop.image().toString());
            assertThat(cert.at("/device/signaturesBefore/0").asText()).isEqualTo("gpt partition table");
            assertThat(cert.at("/device/partitionsBefore/0").asText()).contains(loop.name() + "p1", "ext4 \"lab\"");
            assertThat(cert.at("/sanitization/randomData").asText()).startsWith("AES-256-CTR");
            assertThat(cert.at("/sanitization/verificationResult/passed").asBoolean()).isTrue();
            assertThat(cert.at("/result/outcome").asText()).isEqualTo("Erased");
            assertThat(Files.readString(only(tmp.resolve("reports"), ".log"))).contains("started " + loop.path(), "finished");
        }
    }

    private Cli wipe(Path target, Path reports) {
        return Cli.run("wipe", target.toString(), "-m", "zero", "--yes=" + target.getFileName(), "--report-dir",
                reports.toString(), "--config-dir", tmp.resolve("config").toString(), "--operator", "Ada Tech",
                "--organisation", "Lab 4");
    }

    private Path image(String name) throws Exception {
        byte[] data = new byte[1 << 20];
        new Random(5).nextBytes(data);
        return Files.write(tmp.resolve(name), data);
    }

    private static Path only(Path dir, String suffix) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> found = files.filter(p -> p.toString().endsWith(suffix)).toList();
            assertThat(found).hasSize(1);
            return found.get(0);
        }
    }
}
