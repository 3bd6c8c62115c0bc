package dev.blockwipe.report;

import dev.blockwipe.devices.HostInfo;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.firmware.FirmwareRecord;
import dev.blockwipe.engine.io.LoopBacking;
import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.io.TargetKind;
import dev.blockwipe.engine.job.FinalState;
import dev.blockwipe.engine.job.PassResult;
import dev.blockwipe.engine.job.WipeResult;
import dev.blockwipe.engine.method.Technique;
import dev.blockwipe.engine.verify.VerifyResult;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A sanitization certificate: one device, one job. Its content is a JSON object with a fixed field
 * order (the {@link CertificateDocument} of schema version {@link CertificateDocument#SCHEMA_VERSION}, documented in
 * src/docs/certificate-schema.md); the PDF is drawn from the certificate and the signature covers
 * the document's exact bytes.
 *
 * @param id       unique per certificate
 * @param created  when it was written
 * @param tool     "Blockwipe 0.1.0"
 * @param build    build time of the jar, or "development build"
 * @param host     the machine
 * @param operator who ran the wipe
 * @param device   the device as it was before
 * @param result   what the job did
 * @param keyFingerprint the fingerprint of the key that signs it
 * @param resumable the job stopped early and its journal was kept: {@code blockwipe wipe --resume} goes on
 */
public record Certificate(UUID id, Instant created, String tool, String build, HostInfo host, Operator operator,
                          CertifiedDevice device, WipeResult result, String keyFingerprint, boolean resumable) {
    /**
     * "Erased", "Erased except 3 bad sectors (1.5 KiB)", "Verification failed", "Failed",
     * "Cancelled at 42%, resumable", "Cancelled during the read-back, resumable".
     */
    public String outcome() {
        WipeResult r = result;
        String resume = resumable ? ", resumable" : "";
        return switch (r.state()) {
            case ERASED -> r.errors().isEmpty() ? "Erased" : "Erased with errors";
            case ERASED_EXCEPT_BAD_SECTORS -> "Erased except " + ResultSummary.badSectors(r);
            case PURGED -> "Purged by the drive (canaries " + r.firmware().canaries().summary() + ")";
            case UNPROVEN -> "Done, not a proven erasure";
            case VERIFY_FAILED -> "Verification failed";
            case FAILED -> "Failed" + resume;
            case CANCELLED -> (r.allWritten() ? "Cancelled during the read-back"
                    : "Cancelled at " + ResultSummary.percentWritten(r)) + resume;
        };
    }

    public boolean erased() {
        return result.state() == FinalState.ERASED;
    }

    /** The certificate as its JSON document, fields in their documented order. */
    public CertificateDocument document() {
        return new CertificateDocument(CertificateDocument.SCHEMA_VERSION, id, created,
                new CertificateDocument.Result(result.state(), outcome(), ResultSummary.result(result), result.unproven(),
                        resumable),
                new CertificateDocument.Tool("Blockwipe", tool, build),
                new CertificateDocument.Host(host.hostname(), host.machineId(), host.systemVendor(), host.systemProduct(),
                        host.systemSerial(), host.boardSerial(), host.systemUnread()),
                operator, deviceSection(), sanitizationSection(), firmwareSection(), smart(), limitations(),
                result.passes().stream().map(p -> ResultJson.Pass.of(p, true)).toList(),
                ResultJson.BadSectors.of(result), ResultJson.Temperature.of(result.temperatures()),
                result.runs(outcome()).stream().map(ResultJson.Run::of).toList(), CertificateDocument.SignOff.BLANK,
                new CertificateDocument.Signing("Ed25519", keyFingerprint, "the same name with .sig appended"));
    }

    private CertificateDocument.Device deviceSection() {
        TargetInfo info = result.target();
        return new CertificateDocument.Device(info.path(), info.name(), device.kind(), device.transport(), device.model(),
                device.vendor(), device.serial(), device.wwn(), device.firmware(), device.backingFile(), device.assetTag(),
                info.size(), Units.bytes(info.size()), info.logicalBlockSize(), info.physicalBlockSize(),
                identity(info.identity()), device.partitions(), device.signatures());
    }

    /**
     * What identified the target: the fields that were compared between what the user confirmed
     * and what the open descriptor said right before the first write (they were equal, or nothing
     * would have been written).
     */
    private static CertificateDocument.Identity identity(TargetIdentity id) {
        boolean file = id.kind() == TargetKind.REGULAR_FILE;
        String number = id.major() + ":" + id.minor();
        LoopBacking loop = id.loop();
        CertificateDocument.LoopBacking backing = loop == null ? null : loop.blockDevice()
                ? new CertificateDocument.LoopBacking(loop.rdevMajor() + ":" + loop.rdevMinor(), null, null, loop.offset(),
                        loop.sizeLimit())
                : new CertificateDocument.LoopBacking(null, loop.fsMajor() + ":" + loop.fsMinor(), loop.inode(),
                        loop.offset(), loop.sizeLimit());
        return new CertificateDocument.Identity(file ? number : null, file ? id.inode() : null, file ? null : number,
                file ? null : id.diskseq(), id.size(), id.serial(), id.wwn(), backing, id.compared(),
                "as confirmed, and as read from the open descriptor right before the first write");
    }

    private CertificateDocument.Sanitization sanitizationSection() {
        List<VerifyResult> checks = result.verifications();
        CertificateDocument.VerificationResult verified = new CertificateDocument.VerificationResult(!checks.isEmpty(),
                !checks.isEmpty() && checks.stream().allMatch(VerifyResult::passed), result.bytesVerified(),
                Math.round(10000.0 * checks.stream().mapToLong(VerifyResult::bytesPlanned).max().orElse(0)
                        / Math.max(1, result.target().size())) / 100.0, result.mismatchedSectors(),
                result.verification() == null ? null : ResultJson.Verification.of(result.verification()));
        CertificateDocument.Throughput throughput = new CertificateDocument.Throughput(Math.round(average()),
                Math.round(result.passes().stream().mapToDouble(PassResult::minRate).min().orElse(0)),
                Math.round(result.passes().stream().mapToDouble(PassResult::maxRate).max().orElse(0)));
        return new CertificateDocument.Sanitization(result.plan().method().name(), result.plan().method().title(),
                result.plan().method().source(), result.plan().passes().stream().map(p -> p.pattern().describe()).toList(),
                result.plan().keystream(), result.plan().passes().stream().anyMatch(p -> p.blanking()),
                result.nist().label(), result.plan().method().technique().label(), result.plan().verification().text(),
                verified, result.target().ioMode().label(), result.plan().blockSize(), result.plan().queueDepth(),
                result.started(), result.finished(), ResultJson.secondsOf(result.duration()), throughput,
                result.bytesWritten(), result.errors(), result.warnings());
    }

    /**
     * What the wipe could not reach: the device's limitations of an overwrite, none for the drive's
     * own erase, which reaches what an overwrite does not.
     */
    public List<String> limitations() {
        return result.plan().method().technique() == Technique.FIRMWARE ? List.of() : device.limitations();
    }

    /** The drive's SMART summaries, null where neither reading found any. */
    private CertificateDocument.SmartReadings smart() {
        if (!result.smartBefore().available() && !result.smartAfter().available()) {
            return null;
        }
        return new CertificateDocument.SmartReadings(result.smartBefore().summary(), result.smartAfter().summary());
    }

    /** The firmware erase's section, null for other methods. */
    private CertificateDocument.FirmwareErase firmwareSection() {
        FirmwareRecord f = result.firmware();
        if (f == null) {
            return null;
        }
        FirmwareRecord.Canaries c = f.canaries();
        return new CertificateDocument.FirmwareErase(f.method(), f.drive(), f.command(), f.estimate(), f.readsAs(),
                f.outcome().succeeded(), f.outcome().driveStatus(), f.outcome().steps(),
                new CertificateDocument.Canaries(c.blockBytes(), c.planted().size(), c.changed(), c.planted()),
                ResultSummary.purge(result));
    }

    /** Bytes per second over the passes (read-backs not counted). */
    public double average() {
        double seconds = result.passes().stream().mapToDouble(p -> p.duration().toNanos() / 1e9).sum();
        return seconds > 0 ? result.bytesWritten() / seconds : 0;
    }
}
