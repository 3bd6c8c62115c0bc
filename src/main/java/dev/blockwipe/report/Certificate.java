package dev.blockwipe.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.blockwipe.engine.FinalState;
import dev.blockwipe.engine.LoopBacking;
import dev.blockwipe.engine.PassResult;
import dev.blockwipe.engine.TargetIdentity;
import dev.blockwipe.engine.TargetInfo;
import dev.blockwipe.engine.TargetKind;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.VerifyResult;
import dev.blockwipe.engine.WipeResult;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A sanitization certificate: one device, one job. Its content is a JSON object with a fixed field
 * order (schema version {@link #SCHEMA_VERSION}, documented in src/docs/certificate-schema.md); the PDF is drawn from
 * it and the signature covers its exact bytes.
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
    public static final int SCHEMA_VERSION = 6;

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

    /** The certificate as JSON, fields in their documented order. */
    public ObjectNode toJson(ObjectMapper mapper) {
        ResultJson json = new ResultJson(mapper);
        ObjectNode n = mapper.createObjectNode();
        n.put("schemaVersion", SCHEMA_VERSION);
        n.put("id", id.toString());
        n.put("created", created.toString());
        ObjectNode outcome = n.putObject("result");
        outcome.put("state", result.state().name());
        outcome.put("outcome", outcome());
        outcome.put("summary", ResultSummary.result(result));
        if (result.unproven() != null) {
            outcome.put("notProvenBecause", result.unproven());
        }
        outcome.put("resumable", resumable);

        ObjectNode t = n.putObject("tool");
        t.put("name", "Blockwipe");
        t.put("version", tool);
        t.put("build", build);

        ObjectNode h = n.putObject("host");
        h.put("hostname", host.hostname());
        h.put("machineId", host.machineId());
        h.put("systemVendor", host.systemVendor());
        h.put("systemProduct", host.systemProduct());
        h.put("systemSerial", host.systemSerial());

        ObjectNode o = n.putObject("operator");
        o.put("name", operator.name());
        o.put("organisation", operator.organisation());

        n.set("device", device(mapper));
        n.set("sanitization", sanitization(mapper));
        ArrayNode passes = n.putArray("passes");
        result.passes().forEach(p -> passes.add(json.pass(p, true)));
        n.set("badSectors", json.badSectors(result));
        n.set("temperature", json.temperature(result.temperatures()));
        ArrayNode runs = n.putArray("runs");
        result.runs(outcome()).forEach(r -> runs.add(json.run(r)));

        ObjectNode signoff = n.putObject("verifierSignOff");
        signoff.put("name", "");
        signoff.put("title", "");
        signoff.put("date", "");
        signoff.put("signature", "");

        ObjectNode signing = n.putObject("signing");
        signing.put("algorithm", "Ed25519");
        signing.put("publicKeyFingerprint", keyFingerprint);
        signing.put("signatureFile", "the same name with .sig appended");
        return n;
    }

    private ObjectNode device(ObjectMapper mapper) {
        TargetInfo info = result.target();
        ObjectNode d = mapper.createObjectNode();
        d.put("path", info.path());
        d.put("name", info.name());
        d.put("kind", device.kind());
        d.put("transport", device.transport());
        d.put("model", device.model());
        d.put("vendor", device.vendor());
        d.put("serial", device.serial());
        d.put("wwn", device.wwn());
        d.put("firmware", device.firmware());
        d.put("backingFile", device.backingFile());
        d.put("assetTag", device.assetTag());
        d.put("sizeBytes", info.size());
        d.put("size", Units.bytes(info.size()));
        d.put("logicalBlockSize", info.logicalBlockSize());
        d.put("physicalBlockSize", info.physicalBlockSize());
        d.set("identity", identity(mapper, info.identity()));
        device.partitions().forEach(d.putArray("partitionsBefore")::add);
        device.signatures().forEach(d.putArray("signaturesBefore")::add);
        return d;
    }

    /**
     * What identified the target: the fields that were compared between what the user confirmed
     * and what the open descriptor said right before the first write (they were equal, or nothing
     * would have been written).
     */
    private static ObjectNode identity(ObjectMapper mapper, TargetIdentity id) {
        ObjectNode n = mapper.createObjectNode();
        if (id.kind() == TargetKind.REGULAR_FILE) {
            n.put("fileSystemDevice", id.major() + ":" + id.minor());
            n.put("inode", id.inode());
        } else {
            n.put("deviceNumber", id.major() + ":" + id.minor());
            n.put("diskSequence", id.diskseq());
        }
        n.put("sizeBytes", id.size());
        n.put("serial", id.serial());
        n.put("wwn", id.wwn());
        LoopBacking loop = id.loop();
        if (loop != null) {
            ObjectNode b = n.putObject("loopBacking");
            if (loop.blockDevice()) {
                b.put("blockDevice", loop.rdevMajor() + ":" + loop.rdevMinor());
            } else {
                b.put("fileSystemDevice", loop.fsMajor() + ":" + loop.fsMinor());
                b.put("inode", loop.inode());
            }
            b.put("offset", loop.offset());
            b.put("sizeLimit", loop.sizeLimit());
        }
        id.compared().forEach(n.putArray("compared")::add);
        n.put("comparedWhen", "as confirmed, and as read from the open descriptor right before the first write");
        return n;
    }

    private ObjectNode sanitization(ObjectMapper mapper) {
        ResultJson json = new ResultJson(mapper);
        ObjectNode s = mapper.createObjectNode();
        s.put("method", result.plan().method().name());
        s.put("methodTitle", result.plan().method().title());
        s.put("methodSource", result.plan().method().source());
        ArrayNode patterns = s.putArray("passPatterns");
        result.plan().passes().forEach(p -> patterns.add(p.pattern().describe()));
        s.put("randomData", result.plan().keystream());
        s.put("blankingPass", result.plan().passes().stream().anyMatch(p -> p.blanking()));
        s.put("nist80088Category", result.nist().label());
        s.put("technique", result.plan().method().technique().label());
        s.put("verification", result.plan().verification().text());
        ObjectNode v = s.putObject("verificationResult");
        List<VerifyResult> checks = result.verifications();
        v.put("performed", !checks.isEmpty());
        v.put("passed", !checks.isEmpty() && checks.stream().allMatch(VerifyResult::passed));
        v.put("bytesVerified", result.bytesVerified());
        v.put("sampledPercent", Math.round(10000.0 * checks.stream().mapToLong(VerifyResult::bytesPlanned).max().orElse(0)
                / Math.max(1, result.target().size())) / 100.0);
        v.put("mismatchedSectors", result.mismatchedSectors());
        if (result.verification() != null) {
            v.set("final", json.verification(result.verification()));
        }
        s.put("ioMode", result.target().ioMode().label());
        s.put("blockSize", result.plan().blockSize());
        s.put("queueDepth", result.plan().queueDepth());
        s.put("started", result.started().toString());
        s.put("finished", result.finished().toString());
        s.put("durationSeconds", result.duration().toMillis() / 1000.0);
        ObjectNode tp = s.putObject("throughput");
        tp.put("averageBytesPerSecond", Math.round(average()));
        tp.put("minBytesPerSecond", Math.round(result.passes().stream().mapToDouble(PassResult::minRate).min().orElse(0)));
        tp.put("maxBytesPerSecond", Math.round(result.passes().stream().mapToDouble(PassResult::maxRate).max().orElse(0)));
        s.put("bytesWritten", result.bytesWritten());
        result.errors().forEach(s.putArray("errors")::add);
        result.warnings().forEach(s.putArray("warnings")::add);
        return s;
    }

    /** Bytes per second over the passes (read-backs not counted). */
    public double average() {
        double seconds = result.passes().stream().mapToDouble(p -> p.duration().toNanos() / 1e9).sum();
        return seconds > 0 ? result.bytesWritten() / seconds : 0;
    }
}
