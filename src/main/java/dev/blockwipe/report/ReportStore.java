package dev.blockwipe.report;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.PublicKey;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The reports directory: certificates as JSON (the signed bytes), their signatures, PDFs and job
 * logs, and benchmarks (JSON, unsigned: they certify nothing). Everything is born private (see {@link PrivateFiles}): the directory 0700 and refused when
 * others may write it, files 0600 from their creation, written whole or not at all, and never
 * overwritten: a name that is taken gets a suffix. Files are named by time, host and serial (or
 * device name) so an auditor can find a disk's certificate by its serial.
 */
public final class ReportStore {
    static final String SIGNATURE_SUFFIX = ".sig";
    static final String BENCHMARK_SUFFIX = ".bench.json";
    /** Host and device each; with the time stamp, a counter and ".json.sig" well below NAME_MAX. */
    private static final int MAX_NAME_PART = 96;
    /** Far above any real certificate (a 35-pass Gutmann with full profiles is a few MB), far below the heap. */
    static final long MAX_CERTIFICATE_BYTES = 64L << 20;
    /**
     * What a certificate's JSON, signature, PDF and log may take: far more than they do (a few to
     * tens of KiB; the PDF's fonts are not embedded), for a long job's log and speed profiles.
     */
    private static final long ROOM_PER_CERTIFICATE = 1L << 20;
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private final Path dir;

    public ReportStore(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    /** The files of one certificate. */
    public record CertificateFiles(Path json, Path signature, Path pdf, Path log) {
        /** The same names in {@code dir}, the log left where it is. */
        public CertificateFiles in(Path dir) {
            return new CertificateFiles(dir.resolve(json.getFileName()), dir.resolve(signature.getFileName()),
                    dir.resolve(pdf.getFileName()), log);
        }
    }

    /** The detached signature of a certificate's JSON. */
    public static Path signatureOf(Path json) {
        return json.resolveSibling(json.getFileName() + SIGNATURE_SUFFIX);
    }

    /**
     * Creates the directory (0700) if needed, or checks that an existing one is private to
     * {@code uid}, and that files can be made in it.
     */
    public void prepare(int uid) throws IOException {
        PrivateFiles.directory(dir, uid, "reports directory");
        if (!Files.isWritable(dir)) {
            throw new IOException("cannot write to the reports directory " + dir);
        }
    }

    /**
     * Checks, before a wipe, that the directory can take the files of {@code jobs} certificates.
     *
     * @throws StorageException naming the directory and what is wrong with it
     */
    public void requireUsable(int uid, int jobs) throws StorageException {
        PrivateFiles.requireDirectory(dir, uid, "reports directory");
        Optional<String> problem = PrivateFiles.unwritable(dir, "reports directory", jobs * ROOM_PER_CERTIFICATE);
        if (problem.isPresent()) {
            throw new StorageException(problem.get());
        }
    }

    /**
     * Reserves the names of a new certificate's files (the log is created empty at once).
     *
     * @param device the disk's serial, or the device or file name when it has none
     * @param uid    the user the reports directory must belong to
     */
    public CertificateFiles reserve(Instant time, String host, String device, int uid) throws IOException {
        prepare(uid);
        for (int n = 0; ; n++) {
            CertificateFiles files = names(time, host, device, n);
            try {
                Files.createFile(files.log(), PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rw-------")));
                return files;
            } catch (FileAlreadyExistsException taken) {
                // another job of the same device within the same second: the next suffix
            }
        }
    }

    /** The names a certificate of this time, host and device has, without reserving them. */
    public CertificateFiles names(Instant time, String host, String device) {
        return names(time, host, device, 0);
    }

    private CertificateFiles names(Instant time, String host, String device, int n) {
        String base = baseName(time, host, device);
        String name = n == 0 ? base : base + "-" + n;
        return new CertificateFiles(dir.resolve(name + ".json"), dir.resolve(name + ".json" + SIGNATURE_SUFFIX),
                dir.resolve(name + ".pdf"), dir.resolve(name + ".log"));
    }

    private static String baseName(Instant time, String host, String device) {
        return STAMP.format(time) + "_" + clean(host) + "_" + clean(device);
    }

    /**
     * Saves a benchmark's figures, named as a certificate of the same device at that time would be
     * (with ".bench.json"), so they sort beside the device's certificates.
     *
     * @param device the disk's serial, or the device or file name when it has none
     * @return the file written
     */
    public Path writeBenchmark(Instant time, String host, String device, int uid, JsonNode figures) throws IOException {
        prepare(uid);
        byte[] json = canonical(figures);
        String base = baseName(time, host, device);
        for (int n = 0; ; n++) {
            Path file = dir.resolve((n == 0 ? base : base + "-" + n) + BENCHMARK_SUFFIX);
            try {
                PrivateFiles.create(file, json);
                return file;
            } catch (FileAlreadyExistsException taken) {
                // a second run within the same second: the next suffix
            }
        }
    }

    /**
     * Writes the certificate's JSON, its signature and its PDF; none of them may exist yet. All
     * three or none: when one cannot be written, the others are removed again.
     */
    public void write(CertificateFiles files, Certificate cert, SigningKey key) throws IOException {
        byte[] json = canonical(cert.toJson(Json.mapper()));
        byte[] signature = canonical(signature(files.json(), json, key));
        try {
            PrivateFiles.create(files.json(), json);
            PrivateFiles.create(files.signature(), signature);
            PrivateFiles.write(files.pdf(), out -> new CertificatePdf(cert).write(out), false);
        } catch (IOException | RuntimeException e) {
            for (Path written : List.of(files.json(), files.signature(), files.pdf())) {
                try {
                    Files.deleteIfExists(written);
                } catch (IOException cleanup) {
                    e.addSuppressed(cleanup);
                }
            }
            throw e;
        }
    }

    private ObjectNode signature(Path json, byte[] bytes, SigningKey key) throws IOException {
        ObjectNode n = Json.mapper().createObjectNode();
        n.put("signedFile", json.getFileName().toString());
        n.put("algorithm", "Ed25519");
        n.put("publicKey", key.publicPem());
        n.put("publicKeyFingerprint", key.fingerprint());
        n.put("signature", Base64.getEncoder().encodeToString(key.sign(bytes)));
        return n;
    }

    /** What checking a certificate found. */
    public enum Status { VALID, TAMPERED, NOT_FOUND }

    /** The outcome of checking a certificate against a trusted key. */
    public record Check(Status status, String message) {
        public boolean valid() {
            return status == Status.VALID;
        }
    }

    /**
     * Checks that {@code json} is exactly what was signed, by the trusted key. Any changed byte in
     * the file, a missing or garbled signature, or another key all count as tampered; a file that
     * is not there is "not found", not tampered.
     */
    public static Check verify(Path json, PublicKey trusted) {
        if (!Files.isRegularFile(json)) {
            return new Check(Status.NOT_FOUND, "NOT FOUND: " + json + (Files.exists(json) ? " is not a file" : " does not exist"));
        }
        Path sigFile = signatureOf(json);
        try {
            byte[] bytes = bounded(json, MAX_CERTIFICATE_BYTES);
            JsonNode sig = Json.mapper().readTree(bounded(sigFile, 1 << 20));
            PublicKey signer = SigningKey.publicKey(sig.path("publicKey").asText());
            byte[] signature = Base64.getDecoder().decode(sig.path("signature").asText());
            if (!SigningKey.verify(signer, bytes, signature)) {
                return new Check(Status.TAMPERED, "TAMPERED: " + json.getFileName() + " is not what was signed");
            }
            if (!signer.equals(trusted)) {
                return new Check(Status.TAMPERED, "TAMPERED: signed by key " + SigningKey.fingerprint(signer)
                        + ", not by the trusted key " + SigningKey.fingerprint(trusted));
            }
            return new Check(Status.VALID, "VALID: " + json.getFileName() + " signed by " + SigningKey.fingerprint(signer));
        } catch (IOException | IllegalArgumentException e) {
            return new Check(Status.TAMPERED, "TAMPERED: cannot check " + json.getFileName() + ": " + oneLine(e));
        }
    }

    /** The certificates in the directory, oldest first (benchmarks are not certificates). */
    public List<Path> list() throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return new ArrayList<>(files.map(p -> p.getFileName().toString())
                    .filter(name -> name.endsWith(".json") && !name.endsWith(BENCHMARK_SUFFIX)).sorted()
                    .map(dir::resolve).toList());
        }
    }

    /**
     * A certificate's content.
     *
     * @throws IOException with a one-line message: not found, too large, or not a complete JSON object
     */
    public JsonNode read(Path json) throws IOException {
        try {
            JsonNode n = Json.mapper().readTree(bounded(json, MAX_CERTIFICATE_BYTES));
            if (n == null || !n.isObject()) {
                throw new IOException(json + ": not a certificate (empty, or not a JSON object)");
            }
            return n;
        } catch (NoSuchFileException e) {
            throw e;
        } catch (IOException e) {
            throw new IOException(json + ": not a readable certificate (truncated or not JSON): " + oneLine(e), e);
        }
    }

    /** The file's bytes, refused above {@code limit} before they are read. */
    static byte[] bounded(Path file, long limit) throws IOException {
        long size = Files.size(file);
        if (size > limit) {
            throw new IOException(file.getFileName() + " is " + size + " bytes, too large to be a Blockwipe certificate");
        }
        return Files.readAllBytes(file);
    }

    /** Jackson's messages carry the location on further lines. */
    private static String oneLine(Exception e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        return m.lines().findFirst().orElse(m);
    }

    /** The exact bytes that are written and signed: two-space indentation, LF, UTF-8, a final newline. */
    byte[] canonical(JsonNode node) throws IOException {
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(new DefaultIndenter("  ", "\n"));
        return (Json.mapper().writer(printer).writeValueAsString(node) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /** Keeps file names to letters, digits, dot, dash and underscore. */
    private static String clean(String s) {
        String c = s.replaceAll("[^A-Za-z0-9._-]", "-").replaceAll("-{2,}", "-");
        if (c.length() > MAX_NAME_PART) {
            // file names end at 255 bytes: keep the start, and a hash of the whole so names stay distinct
            c = c.substring(0, MAX_NAME_PART - 9) + "-" + String.format("%08x", s.hashCode());
        }
        return c.isEmpty() ? "unknown" : c;
    }
}
