package dev.blockwipe.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.blockwipe.devices.HostInfo;
import dev.blockwipe.engine.firmware.FirmwareRecord;
import dev.blockwipe.engine.job.FinalState;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * A certificate as its JSON file holds it (src/docs/certificate-schema.md): one record per JSON
 * object, the components in the order the fields are written, so the bytes of a certificate read
 * and written again are the bytes that were signed. {@link Certificate#document()} makes one;
 * {@link #read} reads one back, of this schema version or an older one it still knows.
 *
 * @param limitations what the wipe could not reach ({@link CertifiedDevice#limitations()}), empty when
 *                    nothing is known; null in a certificate of version 5 or 6, which has no such field
 * @param firmwareErase what the drive's own erase did, for a firmware method (version 8 on); null otherwise
 * @param smart      the drive's SMART figures before and after (version 8 on); null where neither could be read
 */
public record CertificateDocument(int schemaVersion, UUID id, Instant created, Result result, Tool tool, Host host,
                                  Operator operator, Device device, Sanitization sanitization,
                                  @JsonInclude(JsonInclude.Include.NON_NULL) FirmwareErase firmwareErase,
                                  @JsonInclude(JsonInclude.Include.NON_NULL) SmartReadings smart,
                                  @JsonInclude(JsonInclude.Include.NON_NULL) List<String> limitations,
                                  List<ResultJson.Pass> passes, ResultJson.BadSectors badSectors,
                                  ResultJson.Temperature temperature, List<ResultJson.Run> runs,
                                  SignOff verifierSignOff, Signing signing) {
    /** The version written now; see the schema's history in src/docs/certificate-schema.md. */
    public static final int SCHEMA_VERSION = 10;
    /**
     * The versions {@link #read} takes: the one written now; version 9, which has no
     * {@code host.systemUnread}; version 8, which also has no {@code host.boardSerial}; version 7, which has no {@code
     * firmwareErase} (it had no firmware methods); version 6, which also lacks {@code limitations};
     * and version 5, which also lacks the requests each pass and read-back made. Versions 1 to 4
     * were never released.
     */
    static final Set<Integer> READABLE = Set.of(5, 6, 7, 8, 9, 10);

    /** A certificate without one of these is not one: refused when read, rather than shown with holes. */
    public CertificateDocument {
        if (id == null || created == null || result == null || tool == null || host == null || operator == null
                || device == null || sanitization == null || signing == null) {
            throw new IllegalArgumentException("a certificate needs its id, created, result, tool, host, operator,"
                    + " device, sanitization and signing");
        }
    }

    /**
     * @param outcome          "Erased", "Cancelled at 42%, resumable", ... (see {@link Certificate#outcome()})
     * @param notProvenBecause for UNPROVEN only
     */
    public record Result(FinalState state, String outcome, String summary,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String notProvenBecause, boolean resumable) {
    }

    public record Tool(String name, String version, String build) {
    }

    /**
     * @param boardSerial  from schema 9 on (null in older certificates)
     * @param systemUnread from schema 10 on (null in older certificates): why DMI facts are missing, or empty
     */
    public record Host(String hostname, String machineId, String systemVendor, String systemProduct,
                       String systemSerial, @JsonInclude(JsonInclude.Include.NON_NULL) String boardSerial,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String systemUnread) {
        /** See {@link HostInfo#describeSystem()}. */
        public String describeSystem() {
            return new HostInfo(hostname, machineId, systemVendor, systemProduct, systemSerial, boardSerial, "",
                    systemUnread).describeSystem();
        }
    }

    public record Device(String path, String name, String kind, String transport, String model, String vendor,
                         String serial, String wwn, String firmware, String backingFile, String assetTag, long sizeBytes,
                         String size, int logicalBlockSize, int physicalBlockSize, Identity identity,
                         List<String> partitionsBefore, List<String> signaturesBefore) {
    }

    /**
     * What identified the target: a regular file by {@code fileSystemDevice} and {@code inode}, a
     * block device by {@code deviceNumber} and {@code diskSequence} (the others are left out).
     */
    public record Identity(@JsonInclude(JsonInclude.Include.NON_NULL) String fileSystemDevice,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Long inode,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String deviceNumber,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Long diskSequence, long sizeBytes, String serial,
                           String wwn, @JsonInclude(JsonInclude.Include.NON_NULL) LoopBacking loopBacking,
                           List<String> compared, String comparedWhen) {
    }

    /** A loop device's backing: a block device, or a file by its file system device and inode. */
    public record LoopBacking(@JsonInclude(JsonInclude.Include.NON_NULL) String blockDevice,
                              @JsonInclude(JsonInclude.Include.NON_NULL) String fileSystemDevice,
                              @JsonInclude(JsonInclude.Include.NON_NULL) Long inode, long offset, long sizeLimit) {
    }

    public record Sanitization(String method, String methodTitle, String methodSource, List<String> passPatterns,
                               String randomData, boolean blankingPass, String nist80088Category, String technique,
                               String verification, VerificationResult verificationResult, String ioMode, int blockSize,
                               int queueDepth, Instant started, Instant finished, double durationSeconds,
                               Throughput throughput, long bytesWritten, List<String> errors, List<String> warnings) {
    }

    /**
     * The drive's own erase: who the drive said it was, the command sent, the drive's word, and
     * the canaries that judge it.
     *
     * @param estimate   the drive's own time estimate, empty when it gives none
     * @param readsAs    what the drive defines its blocks to read as afterwards, or that it does not
     * @param succeeded  the drive reported the erase completed without error
     * @param driveStatus the drive's final status
     * @param steps      every command sent, in order, with its status
     * @param purge      whether the result is NIST Purge, and why ("Purge: the drive reported success, 64 of 64
     *                   canaries changed, every byte read back as 0x00")
     */
    public record FirmwareErase(String method, String drive, String command, String estimate, String readsAs,
                                boolean succeeded, String driveStatus, List<String> steps, Canaries canaries,
                                String purge) {
    }

    /** The drive's SMART summary before the first write and after the last ("passed; 1234 power-on hours; ..."). */
    public record SmartReadings(String before, String after) {
    }

    /** @param changed how many of {@code planted} read back changed after the erase */
    public record Canaries(int blockBytes, int count, long changed, List<FirmwareRecord.Canary> planted) {
    }

    /** @param finalCheck the final read-back, when there was one */
    public record VerificationResult(boolean performed, boolean passed, long bytesVerified, double sampledPercent,
                                     long mismatchedSectors,
                                     @JsonProperty("final") @JsonInclude(JsonInclude.Include.NON_NULL)
                                     ResultJson.Verification finalCheck) {
    }

    public record Throughput(long averageBytesPerSecond, long minBytesPerSecond, long maxBytesPerSecond) {
    }

    /** Empty, for the person who checks the wipe (as NIST SP 800-88's sample certificate has them). */
    public record SignOff(String name, String title, String date, String signature) {
        static final SignOff BLANK = new SignOff("", "", "", "");
    }

    public record Signing(String algorithm, String publicKeyFingerprint, String signatureFile) {
    }

    /**
     * Reads a certificate's bytes. The version is looked at first, so a certificate of a version
     * this Blockwipe does not know is refused as such rather than for its first unknown field.
     *
     * @throws IOException with a one-line reason: not JSON, not a certificate, a version not read
     *                     here, or a field that does not fit the schema
     */
    public static CertificateDocument read(byte[] bytes) throws IOException {
        JsonNode tree = Json.mapper().readTree(bytes);
        if (tree == null || !tree.isObject()) {
            throw new IOException("not a certificate (empty, or not a JSON object)");
        }
        JsonNode version = tree.path("schemaVersion");
        if (!version.isInt() || !READABLE.contains(version.intValue())) {
            throw new IOException("certificate schema version " + version.asText("(none)") + " is not one this Blockwipe"
                    + " reads (it reads " + READABLE.stream().sorted().map(String::valueOf).toList() + ")");
        }
        return Json.mapper().treeToValue(tree, CertificateDocument.class);
    }
}
