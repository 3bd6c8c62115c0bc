package dev.blockwipe.report;

import java.awt.Color;
import java.io.IOException;
import org.apache.pdfbox.pdmodel.PDPageContentStream;

/**
 * The application's mark (icons/blockwipe.svg) drawn as vector paths for the certificate's header:
 * sharp at any zoom and in print, and no image decoding, which needs ImageIO and fails while the JVM
 * shuts down (a cancelled wipe's certificate is written then). The shapes are the SVG's, on its
 * 512 grid; the two lighter wedges are the SVG's translucent red blended over the platter, since
 * a printed certificate should not depend on transparency.
 */
final class PdfMark {
    private static final float GRID = 512;
    private static final Color CASE = new Color(0x34, 0x49, 0x5e);
    private static final Color PLATTER = new Color(0xdf, 0xe6, 0xec);
    private static final Color SWEPT = new Color(0xe8, 0x55, 0x3e);
    /** 55 % and 25 % of SWEPT over PLATTER. */
    private static final Color SWEPT_55 = new Color(228, 150, 140);
    private static final Color SWEPT_25 = new Color(225, 194, 192);

    private final PDPageContentStream out;
    private final float left;
    private final float bottom;
    private final float scale;

    /** Draws into {@code out} in the square whose lower left corner is (left, bottom), {@code size} points wide. */
    PdfMark(PDPageContentStream out, float left, float bottom, float size) {
        this.out = out;
        this.left = left;
        this.bottom = bottom;
        this.scale = size / GRID;
    }

    void draw() throws IOException {
        roundedRect(80, 32, 352, 448, 48, CASE);
        circle(256, 224, 152, PLATTER);
        wedge(-90, -30, SWEPT);
        wedge(-30, 0, SWEPT_55);
        wedge(0, 30, SWEPT_25);
        circle(256, 224, 32, CASE);
        roundedRect(144, 408, 224, 32, 16, PLATTER);
    }

    private void wedge(double fromDegrees, double toDegrees, Color colour) throws IOException {
        out.setNonStrokingColor(colour);
        moveTo(256, 224);
        double a = Math.toRadians(fromDegrees);
        lineTo(256 + 152 * Math.cos(a), 224 + 152 * Math.sin(a));
        arc(256, 224, 152, fromDegrees, toDegrees);
        out.closePath();
        out.fill();
    }

    private void circle(double cx, double cy, double r, Color colour) throws IOException {
        out.setNonStrokingColor(colour);
        moveTo(cx + r, cy);
        arc(cx, cy, r, 0, 360);
        out.closePath();
        out.fill();
    }

    private void roundedRect(double x, double y, double w, double h, double r, Color colour) throws IOException {
        out.setNonStrokingColor(colour);
        moveTo(x + r, y);
        lineTo(x + w - r, y);
        arc(x + w - r, y + r, r, -90, 0);
        lineTo(x + w, y + h - r);
        arc(x + w - r, y + h - r, r, 0, 90);
        lineTo(x + r, y + h);
        arc(x + r, y + h - r, r, 90, 180);
        lineTo(x, y + r);
        arc(x + r, y + r, r, 180, 270);
        out.closePath();
        out.fill();
    }

    /**
     * An arc from the current point, in the SVG's coordinates (y down, so growing angles turn
     * clockwise on the page), as cubic Béziers of at most 90° each.
     */
    private void arc(double cx, double cy, double r, double fromDegrees, double toDegrees) throws IOException {
        int pieces = (int) Math.ceil(Math.abs(toDegrees - fromDegrees) / 90);
        double step = Math.toRadians(toDegrees - fromDegrees) / pieces;
        double k = 4.0 / 3.0 * Math.tan(step / 4);
        double a = Math.toRadians(fromDegrees);
        for (int i = 0; i < pieces; i++) {
            double b = a + step;
            double x0 = cx + r * Math.cos(a);
            double y0 = cy + r * Math.sin(a);
            double x3 = cx + r * Math.cos(b);
            double y3 = cy + r * Math.sin(b);
            out.curveTo(x(x0 - k * r * Math.sin(a)), y(y0 + k * r * Math.cos(a)),
                    x(x3 + k * r * Math.sin(b)), y(y3 - k * r * Math.cos(b)), x(x3), y(y3));
            a = b;
        }
    }

    private void moveTo(double x, double y) throws IOException {
        out.moveTo(x(x), y(y));
    }

    private void lineTo(double x, double y) throws IOException {
        out.lineTo(x(x), y(y));
    }

    private float x(double gridX) {
        return (float) (left + gridX * scale);
    }

    private float y(double gridY) {
        return (float) (bottom + (GRID - gridY) * scale);
    }
}
