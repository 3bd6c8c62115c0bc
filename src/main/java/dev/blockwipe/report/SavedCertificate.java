package dev.blockwipe.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * One certificate in a reports folder as the window handles it: its JSON's text, its signature
 * checked against this machine's key, and copies saved elsewhere together with the signed JSON
 * that proves them. Every method reads or writes files: callers keep them off the FX thread.
 *
 * @param json the signed JSON; its PDF and signature are beside it under the same name
 */
public record SavedCertificate(Path json) {

    public Path pdf() {
        return sibling(json, ".pdf");
    }

    /** The JSON as it is on disk, bounded as every certificate read is. */
    public String text() throws IOException {
        return new String(ReportStore.bounded(json, ReportStore.MAX_CERTIFICATE_BYTES), StandardCharsets.UTF_8);
    }

    /** "VALID: … signed by SHA256:…" or "TAMPERED: …", against the key of {@code settings}' machine. */
    public String verify(Settings settings) {
        try {
            return TrustedKey.thisMachine(settings.configDir(), settings.uid()).certificate(json).message();
        } catch (IOException e) {
            return "TAMPERED: cannot read the signing key: " + e.getMessage();
        }
    }

    /**
     * Copies the PDF to {@code target} and, beside it under the same name, the signed JSON and its
     * signature (a PDF alone proves nothing); returns the files written.
     */
    public List<Path> saveAs(Path target) throws IOException {
        Path pdfCopy = target.getFileName().toString().endsWith(".pdf") ? target
                : target.resolveSibling(target.getFileName() + ".pdf");
        Path jsonCopy = sibling(pdfCopy, ".json");
        Path signatureCopy = ReportStore.signatureOf(jsonCopy);
        Files.copy(pdf(), pdfCopy, StandardCopyOption.REPLACE_EXISTING);
        Files.copy(json, jsonCopy, StandardCopyOption.REPLACE_EXISTING);
        Files.copy(ReportStore.signatureOf(json), signatureCopy, StandardCopyOption.REPLACE_EXISTING);
        return List.of(pdfCopy, jsonCopy, signatureCopy);
    }

    /** The file next to {@code file} with its extension replaced by {@code extension}. */
    private static Path sibling(Path file, String extension) {
        return file.resolveSibling(file.getFileName().toString().replaceFirst("\\.[^.]*$", "") + extension);
    }
}
