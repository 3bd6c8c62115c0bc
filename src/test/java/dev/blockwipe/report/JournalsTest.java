package dev.blockwipe.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.fault.BadRange;
import dev.blockwipe.engine.fault.Stall;
import dev.blockwipe.engine.job.ResumePoint;
import dev.blockwipe.engine.job.WipeEvent;
import dev.blockwipe.engine.job.WipeJob;
import dev.blockwipe.engine.job.WipePlan;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.testing.MemoryTarget;
import dev.blockwipe.testing.Sh;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalsTest {
    private static final long SIZE = 64L << 20;
    private static final ResumeIdentity LOOP = new ResumeIdentity("block device", 7, 3, 0, 41, SIZE, 0, "", "", "",
            "file 254:1 inode 12, offset 0, size limit 0", "boot-1");
    private static final ResumeIdentity DISK = new ResumeIdentity("block device", 8, 16, 0, 9, SIZE, 0, "WD-123", "",
            "WDC WD40", "", "boot-1");

    @TempDir
    Path tmp;

    private Journals journals;
    private SigningKey key;

    @BeforeEach
    void setUp() throws Exception {
        journals = new Journals(tmp.resolve("journals"), Sh.uid());
        key = SigningKey.loadOrCreate(tmp.resolve("config"), Sh.uid());
    }

    @Test
    void aJournalReadsBackAsItWasWrittenWithTheRandomKeys() throws Exception {
        Journal written = journal(LOOP, "random");
        journals.write(written, key);

        Journal read = journals.find(LOOP, "/dev/loop3", TrustedKey.of(key.publicKey())).orElseThrow();
        assertThat(read).isEqualTo(written);
        assertThat(((Pattern.Random) read.plan().passes().get(0).pattern()).key())
                .isEqualTo(((Pattern.Random) written.plan().passes().get(0).pattern()).key());
        ResumePoint from = read.resumePoint();
        assertThat(from.pass()).isEqualTo(1);
        assertThat(from.offset()).isEqualTo(24L << 20);
        assertThat(from.badRanges()).containsExactly(new BadRange(4096, 512, "EIO", 1, Stage.WRITE));
        assertThat(from.earlier()).singleElement().satisfies(r -> {
            assertThat(r.end()).startsWith("interrupted");
            assertThat(r.bytesWritten()).isEqualTo(24L << 20);
            assertThat(r.stalls()).hasSize(1);
        });
    }

    @Test
    void customMethodsAndBlankingPassesSurviveTheJournal() throws Exception {
        MemoryTarget target = new MemoryTarget((int) SIZE);
        WipeJob job = new WipeJob(WipeRequest.of(WipeMethods.custom("0x55,random,0x924924")).withBlank(true), Keystreams.JCE);
        WipePlan plan = job.plan(target.info());
        journals.write(Journal.start(LOOP, "/dev/loop3", plan, ResumePoint.START, Instant.now(), ""), key);
        WipePlan read = journals.find(LOOP, "/dev/loop3", TrustedKey.of(key.publicKey())).orElseThrow().plan();
        assertThat(read.passes()).isEqualTo(plan.passes());
        assertThat(read.method().name()).isEqualTo("custom");
        assertThat(read.method().passCount()).isEqualTo(3);
    }

    @Test
    void theFileIsPrivateAndReplacedInPlace() throws Exception {
        journals.write(journal(LOOP, "zero"), key);
        journals.write(journal(LOOP, "zero"), key);
        try (var files = Files.list(journals.dir())) {
            List<Path> all = files.toList();
            assertThat(all).singleElement().satisfies(f -> assertThat(permissions(f)).isEqualTo("rw-------"));
        }
        assertThat(permissions(journals.dir())).isEqualTo("rwx------");
    }

    @Test
    void anEditedJournalIsRefused() throws Exception {
        journals.write(journal(LOOP, "zero"), key);
        Path file = journals.fileFor(LOOP);
        String text = Files.readString(file);
        Files.writeString(file, text.replace("\"offset\" : " + (24L << 20), "\"offset\" : " + (48L << 20)));
        assertThat(Files.readString(file)).isNotEqualTo(text);

        assertThatThrownBy(() -> journals.find(LOOP, "/dev/loop3", TrustedKey.of(key.publicKey())))
                .isInstanceOf(Journals.RefusedException.class)
                .hasMessageContaining("was changed after Blockwipe wrote it");
    }

    /** A journal copied into another device's place is refused there, not taken for "nothing to resume". */
    @Test
    void anotherDevicesJournalInThisDevicesPlaceIsRefused() throws Exception {
        journals.write(journal(DISK, "zero"), key);
        Files.move(journals.fileFor(DISK), journals.fileFor(LOOP));
        assertThatThrownBy(() -> journals.find(LOOP, "/dev/loop9", TrustedKey.of(key.publicKey())))
                .isInstanceOf(Journals.RefusedException.class)
                .hasMessageContaining("is in this device's place but is for another device (/dev/sdb)");
    }

    /** A kill -9 in the middle of a journal write leaves its temporary file; the next write of it clears that away. */
    @Test
    void whatAKilledJournalWriteLeftIsRemovedByTheNextWriteAndByTheDelete() throws Exception {
        journals.write(journal(LOOP, "zero"), key);
        Path file = journals.fileFor(LOOP);
        Path leftover = Files.writeString(file.resolveSibling("." + file.getFileName() + ".3f2a.tmp"), "{ half");
        journals.write(journal(LOOP, "zero"), key);
        assertThat(leftover).doesNotExist();
        Files.writeString(leftover, "{ half");
        journals.delete(LOOP);
        try (var files = Files.list(journals.dir())) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void aJournalThatCannotBeReadIsRefusedNotIgnored() throws Exception {
        journals.write(journal(LOOP, "zero"), key);
        Files.writeString(journals.fileFor(LOOP), "{ not json", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> journals.find(LOOP, "/dev/loop3", TrustedKey.of(key.publicKey())))
                .isInstanceOf(Journals.RefusedException.class).hasMessageContaining("cannot be read");
    }

    @Test
    void aJournalSignedWithAnotherKeyIsRefused() throws Exception {
        journals.write(journal(LOOP, "zero"), SigningKey.loadOrCreate(tmp.resolve("other"), Sh.uid()));
        assertThatThrownBy(() -> journals.find(LOOP, "/dev/loop3", TrustedKey.of(key.publicKey())))
                .isInstanceOf(Journals.RefusedException.class);
    }

    @Test
    void theSameLoopDeviceAttachedAgainIsAnotherDevice() throws Exception {
        journals.write(journal(LOOP, "zero"), key);
        ResumeIdentity reattached = new ResumeIdentity("block device", 7, 3, 0, 42, SIZE, 0, "", "", "",
                "file 254:1 inode 99, offset 0, size limit 0", "boot-1");
        assertThatThrownBy(() -> journals.find(reattached, "/dev/loop3", TrustedKey.of(key.publicKey())))
                .isInstanceOf(Journals.RefusedException.class)
                .hasMessageContaining("is for another device")
                .hasMessageContaining("disk sequence number 41 → 42");
    }

    @Test
    void aDeviceWithoutASerialIsResumedOnlyInTheSameBoot() throws Exception {
        journals.write(journal(LOOP, "zero"), key);
        ResumeIdentity afterReboot = new ResumeIdentity("block device", 7, 3, 0, 41, SIZE, 0, "", "", "",
                LOOP.loop(), "boot-2");
        assertThatThrownBy(() -> journals.find(afterReboot, "/dev/loop3", TrustedKey.of(key.publicKey())))
                .isInstanceOf(Journals.RefusedException.class)
                .hasMessageContaining("before the machine was restarted")
                .hasMessageContaining("without a serial number");
    }

    @Test
    void aDiskWithASerialIsFoundAfterARebootUnderAnotherNameAndNumber() throws Exception {
        journals.write(journal(DISK, "zero"), key);
        ResumeIdentity sameDiskNewBoot = new ResumeIdentity("block device", 8, 32, 0, 77, SIZE, 0, "WD-123", "",
                "WDC WD40", "", "boot-2");
        assertThat(journals.find(sameDiskNewBoot, "/dev/sdc", TrustedKey.of(key.publicKey()))).isPresent();
        ResumeIdentity otherDisk = new ResumeIdentity("block device", 8, 16, 0, 9, SIZE, 0, "WD-999", "", "WDC WD40", "",
                "boot-1");
        assertThatThrownBy(() -> journals.find(otherDisk, "/dev/sdb", TrustedKey.of(key.publicKey())))
                .isInstanceOf(Journals.RefusedException.class).hasMessageContaining("serial 'WD-123' → 'WD-999'");
    }

    @Test
    void aPartitionIsNotMistakenForItsSiblingOfTheSameSize() throws Exception {
        ResumeIdentity first = new ResumeIdentity("block device", 8, 17, 0, 9, SIZE, 1 << 20, "WD-123", "", "WDC WD40",
                "", "boot-1");
        ResumeIdentity second = new ResumeIdentity("block device", 8, 18, 0, 9, SIZE, (1 << 20) + SIZE, "WD-123", "",
                "WDC WD40", "", "boot-1");
        journals.write(journal(first, "/dev/sdb1", "zero"), key);
        assertThatThrownBy(() -> journals.find(second, "/dev/sdb2", TrustedKey.of(key.publicKey())))
                .isInstanceOf(Journals.RefusedException.class).hasMessageContaining("start on its disk");
    }

    @Test
    void noJournalIsNothingToResume() throws Exception {
        assertThat(journals.find(LOOP, "/dev/loop3", TrustedKey.of(key.publicKey()))).isEmpty();
        journals.write(journal(DISK, "zero"), key);
        assertThat(journals.find(LOOP, "/dev/loop3", TrustedKey.of(key.publicKey()))).isEmpty();
    }

    /** A job that started and reached two checkpoints, the last at 24 MiB with a bad sector and a stall. */
    private static Journal journal(ResumeIdentity id, String method) {
        return journal(id, id == DISK ? "/dev/sdb" : "/dev/loop3", method);
    }

    /**
     * Killed between its certificate and the journal's removal, a run that finished leaves both:
     * the journal is then done, neither found nor listed, and removed; until the certificate has
     * its signature, in the reports directory or the journal directory, it is not.
     */
    @Test
    void aJournalWhoseCertificateWasWrittenIsDoneAndGoes() throws Exception {
        Path reports = Files.createDirectories(tmp.resolve("reports"));
        Path certificate = reports.resolve("2026-12-01_host_WD-123.json");
        journals.write(reserving(journal(DISK, "/dev/sdb", "zero"), certificate), key);
        Files.writeString(certificate, "{}");

        assertThat(journals.find(DISK, "/dev/sdb", TrustedKey.of(key.publicKey()))).as("no signature yet").isPresent();

        Files.writeString(ReportStore.signatureOf(certificate), "{}");
        assertThat(journals.all(TrustedKey.of(key.publicKey()))).isEmpty();
        assertThat(journals.find(DISK, "/dev/sdb", TrustedKey.of(key.publicKey()))).isEmpty();
        try (Stream<Path> left = Files.list(journals.dir())) {
            assertThat(left.filter(f -> f.toString().endsWith(".journal.json"))).isEmpty();
        }
    }

    @Test
    void aJournalWhoseCertificateWentToTheJournalDirectoryIsDoneToo() throws Exception {
        Path certificate = tmp.resolve("reports/2026-12-01_host_WD-123.json");
        journals.write(reserving(journal(DISK, "/dev/sdb", "zero"), certificate), key);
        Path here = journals.dir().resolve(certificate.getFileName());
        Files.writeString(here, "{}");
        Files.writeString(ReportStore.signatureOf(here), "{}");

        assertThat(journals.find(DISK, "/dev/sdb", TrustedKey.of(key.publicKey()))).isEmpty();
    }

    /** A cancelled (or failed) run's certificate says so, and its journal stays to be resumed. */
    @Test
    void aCancelledRunsJournalStaysBesideItsCertificate() throws Exception {
        Path certificate = Files.createDirectories(tmp.resolve("reports")).resolve("2026-12-01_host_WD-123.json");
        Journal cancelled = journal(DISK, "/dev/sdb", "zero").ended("cancelled", Instant.parse("2026-12-01T10:00:09Z"));
        journals.write(reserving(cancelled, certificate), key);
        Files.writeString(certificate, "{}");
        Files.writeString(ReportStore.signatureOf(certificate), "{}");

        assertThat(journals.find(DISK, "/dev/sdb", TrustedKey.of(key.publicKey()))).isPresent();
    }

    /** {@code j}, finished (when it has not ended otherwise), with the certificate its run reserved. */
    private static Journal reserving(Journal j, Path certificate) {
        Journal ended = j.current().end() == null ? j.ended(Journal.FINISHED, j.updated()) : j;
        return new Journal(ended.identity(), ended.path(), ended.plan(), ended.pass(), ended.offset(), ended.badRanges(),
                ended.earlier(), ended.current(), ended.updated(), certificate.toString());
    }

    private static Journal journal(ResumeIdentity id, String path, String method) {
        MemoryTarget target = new MemoryTarget((int) SIZE);
        WipePlan plan = new WipeJob(WipeRequest.of(WipeMethods.byName(method).orElseThrow()), Keystreams.JCE)
                .plan(target.info());
        Instant t0 = Instant.parse("2026-12-01T10:00:00Z");
        BadRange bad = new BadRange(4096, 512, "EIO", 1, Stage.WRITE);
        Stall stall = new Stall(1, Stage.WRITE, 8L << 20, Duration.ofSeconds(130));
        return Journal.start(id, path, plan, ResumePoint.START, t0, "")
                .checkpoint(new WipeEvent.Checkpoint(1, 8L << 20, List.of(bad), List.of()), t0.plusSeconds(4))
                .checkpoint(new WipeEvent.Checkpoint(1, 24L << 20, List.of(bad), List.of(stall)), t0.plusSeconds(8));
    }

    private static String permissions(Path p) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }
}
