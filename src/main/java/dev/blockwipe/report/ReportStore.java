package dev.blockwipe.report;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.PublicKey;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The reports directory: certificates as JSON (the signed bytes), their signatures, PDFs and job
 * logs. The directory is made owner-only (0700) and files are never overwritten: a name that is
 * taken gets a suffix. Files are named by time, host and serial (or device name) so an auditor can
 * find a disk's certificate by its serial.
 */
public final class ReportStore {
    static final String SIGNATURE_SUFFIX = ".sig";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private final Path dir;
    private final ObjectMapper mapper = new ObjectMapper();

    public ReportStore(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    /** The files of one certificate. */
    public record CertificateFiles(Path json, Path signature, Path pdf, Path log) {
    }

    /** Creates the directory (0700) if needed and checks that files can be made in it. */
    public void prepare() throws IOException {
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir,
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        if (!Files.isWritable(dir)) {
            throw new IOException("cannot write to the reports directory " + dir);
        }
    }

    /**
     * Reserves the names of a new certificate's files (the log is created empty at once).
     *
     * @param device the disk's serial, or the device or file name when it has none
     */
    public CertificateFiles reserve(Instant time, String host, String device) throws IOException {
        prepare();
        String base = STAMP.format(time) + "_" + clean(host) + "_" + clean(device);
        for (int n = 0; ; n++) {
            String name = n == 0 ? base : base + "-" + n;
            Path log = dir.resolve(name + ".log");
            try {
                Files.createFile(log, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rw-------")));
            } catch (FileAlreadyExistsException taken) {
                continue;
            }
            return new CertificateFiles(dir.resolve(name + ".json"), dir.resolve(name + ".json" + SIGNATURE_SUFFIX),
                    dir.resolve(name + ".pdf"), log);
        }
    }

    /** Writes the certificate's JSON, its signature and its PDF; none of them may exist yet. */
    public void write(CertificateFiles files, Certificate cert, SigningKey key) throws IOException {
        byte[] json = canonical(cert.toJson(mapper));
        create(files.json(), json);
        create(files.signature(), canonical(signature(files.json(), json, key)));
        try (OutputStream pdf = Files.newOutputStream(files.pdf(), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            new CertificatePdf(cert).write(pdf);
        }
        Files.setPosixFilePermissions(files.pdf(), PosixFilePermissions.fromString("rw-------"));
    }

    private ObjectNode signature(Path json, byte[] bytes, SigningKey key) throws IOException {
        ObjectNode n = mapper.createObjectNode();
        n.put("signedFile", json.getFileName().toString());
        n.put("algorithm", "Ed25519");
        n.put("publicKey", key.publicPem());
        n.put("publicKeyFingerprint", key.fingerprint());
        n.put("signature", Base64.getEncoder().encodeToString(key.sign(bytes)));
        return n;
    }

    /** The outcome of checking a certificate against a trusted key. */
    public record Check(boolean valid, String message) {
    }

    /**
     * Checks that {@code json} is exactly what was signed, by the trusted key. Any changed byte in
     * the file, a missing or garbled signature, or another key all count as tampered.
     */
    public static Check verify(Path json, PublicKey trusted) {
        Path sigFile = json.resolveSibling(json.getFileName() + SIGNATURE_SUFFIX);
        try {
            byte[] bytes = Files.readAllBytes(json);
            JsonNode sig = new ObjectMapper().readTree(Files.readAllBytes(sigFile));
            PublicKey signer = SigningKey.publicKey(sig.path("publicKey").asText());
            byte[] signature = Base64.getDecoder().decode(sig.path("signature").asText());
            if (!SigningKey.verify(signer, bytes, signature)) {
                return new Check(false, "TAMPERED: " + json.getFileName() + " is not what was signed");
            }
            if (!signer.equals(trusted)) {
                return new Check(false, "TAMPERED: signed by key " + SigningKey.fingerprint(signer)
                        + ", not by the trusted key " + SigningKey.fingerprint(trusted));
            }
            return new Check(true, "VALID: " + json.getFileName() + " signed by " + SigningKey.fingerprint(signer));
        } catch (IOException | IllegalArgumentException e) {
            return new Check(false, "TAMPERED: cannot check " + json.getFileName() + ": " + e.getMessage());
        }
    }

    /** The certificates in the directory, oldest first. */
    public List<Path> list() throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return new ArrayList<>(files.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList());
        }
    }

    public JsonNode read(Path json) throws IOException {
        return mapper.readTree(Files.readAllBytes(json));
    }

    /** The exact bytes that are written and signed: two-space indentation, LF, UTF-8, a final newline. */
    byte[] canonical(JsonNode node) throws IOException {
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(new DefaultIndenter("  ", "\n"));
        return (mapper.writer(printer).writeValueAsString(node) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    private static void create(Path file, byte[] bytes) throws IOException {
        Files.write(file, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    }

    /** Keeps file names to letters, digits, dot, dash and underscore. */
    private static String clean(String s) {
        String c = s.replaceAll("[^A-Za-z0-9._-]", "-").replaceAll("-{2,}", "-");
        return c.isEmpty() ? "unknown" : c;
    }
}
