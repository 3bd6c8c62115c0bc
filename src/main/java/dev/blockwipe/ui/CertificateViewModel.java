package dev.blockwipe.ui;

import dev.blockwipe.report.ReportStore;
import dev.blockwipe.report.Settings;
import dev.blockwipe.report.TrustedKey;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.image.Image;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;

/**
 * One signed certificate as the window shows it: its PDF drawn in the window (no PDF viewer
 * needed, which rescue media and servers rarely have), its signature checked against this
 * machine's key, and copies saved elsewhere together with the signed JSON that proves them.
 */
public final class CertificateViewModel {
    private final Path json;
    private final Settings settings;

    public CertificateViewModel(Path json, Settings settings) {
        this.json = json;
        this.settings = settings;
    }

    public Path json() {
        return json;
    }

    public Path pdf() {
        return sibling(json, ".pdf");
    }

    /** The PDF's pages at {@code dpi}. Slow (fonts, drawing): call it off the FX thread. */
    public List<Image> pages(float dpi) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf().toFile())) {
            PDFRenderer renderer = new PDFRenderer(doc);
            List<Image> pages = new ArrayList<>(doc.getNumberOfPages());
            for (int i = 0; i < doc.getNumberOfPages(); i++) {
                pages.add(image(renderer.renderImageWithDPI(i, dpi, ImageType.RGB)));
            }
            return pages;
        }
    }

    private static Image image(BufferedImage page) {
        int w = page.getWidth();
        int h = page.getHeight();
        int[] argb = page.getRGB(0, 0, w, h, null, 0, w);
        WritableImage image = new WritableImage(w, h);
        image.getPixelWriter().setPixels(0, 0, w, h, PixelFormat.getIntArgbInstance(), argb, 0, w);
        return image;
    }

    /** "VALID: … signed by SHA256:…" or "TAMPERED: …", against this machine's key. */
    public String verify() {
        return verify(json, settings);
    }

    static String verify(Path json, Settings settings) {
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
