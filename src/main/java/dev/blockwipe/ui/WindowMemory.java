package dev.blockwipe.ui;

import dev.blockwipe.report.Settings;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.beans.property.DoubleProperty;
import javafx.geometry.Rectangle2D;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.stage.Stage;

/**
 * What the main window keeps between starts: its size and place (the last ones it had while
 * neither maximised nor full screen), whether it was maximised, the two dividers and the tree's
 * column widths. Kept as the {@code window.} keys of the settings' config file; a value that
 * cannot be read is left out, and the window opens as on a first start in that respect.
 */
final class WindowMemory {
    private static final Logger LOG = Logger.getLogger(WindowMemory.class.getName());
    private static final String COLUMN = "column.";

    private final Stage stage;
    private final SplitPane devices;
    private final DoubleProperty jobsDivider;
    private final TreeTableView<?> tree;
    /** The window's bounds while it was last neither maximised, iconified nor full screen. */
    private Rectangle2D normal;

    /**
     * @param jobsDivider where the divider between the devices and the jobs sits while there are jobs
     */
    WindowMemory(Stage stage, SplitPane devices, DoubleProperty jobsDivider, TreeTableView<?> tree) {
        this.stage = stage;
        this.devices = devices;
        this.jobsDivider = jobsDivider;
        this.tree = tree;
        for (var p : List.of(stage.xProperty(), stage.yProperty(), stage.widthProperty(), stage.heightProperty())) {
            p.addListener((obs, was, now) -> noteNormal());
        }
    }

    /** The layout kept in the config file; none when it cannot be read (the window says why the settings cannot be used). */
    static Map<String, String> read(Settings settings) {
        try {
            return settings.windowLayout();
        } catch (IOException e) {
            return Map.of();
        }
    }

    /** Keeps the layout for the next start; a layout that cannot be written is only a convenience lost, and logged. */
    static void write(Settings settings, Map<String, String> layout) {
        try {
            settings.saveWindowLayout(layout);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "The window's size and dividers are not kept for the next start: {0}", e.getMessage());
        }
    }

    /** Puts the window, its dividers and columns where {@code layout} says. Before the window is shown. */
    void restore(Map<String, String> layout) {
        double x = number(layout, "x");
        double y = number(layout, "y");
        double w = number(layout, "width");
        double h = number(layout, "height");
        boolean remembered = !Double.isNaN(x + y + w + h) && w > 0 && h > 0;
        Placement.place(stage, remembered ? new Rectangle2D(x, y, w, h) : null);
        stage.setMaximized(Boolean.parseBoolean(layout.get("maximized")));
        double split = number(layout, "devicesDivider");
        if (fraction(split)) {
            devices.setDividerPositions(split);
        }
        double jobs = number(layout, "jobsDivider");
        if (fraction(jobs)) {
            jobsDivider.set(jobs);
        }
        for (TreeTableColumn<?, ?> c : tree.getColumns()) {
            double width = number(layout, COLUMN + key(c));
            if (width > 0) {
                c.setPrefWidth(width);
            }
        }
    }

    /** The layout now. */
    Map<String, String> layout() {
        Map<String, String> layout = new LinkedHashMap<>();
        noteNormal();
        if (normal != null) {
            layout.put("x", Double.toString(normal.getMinX()));
            layout.put("y", Double.toString(normal.getMinY()));
            layout.put("width", Double.toString(normal.getWidth()));
            layout.put("height", Double.toString(normal.getHeight()));
        }
        layout.put("maximized", Boolean.toString(stage.isMaximized()));
        layout.put("devicesDivider", Double.toString(devices.getDividerPositions()[0]));
        layout.put("jobsDivider", Double.toString(jobsDivider.get()));
        for (TreeTableColumn<?, ?> c : tree.getColumns()) {
            if (!key(c).isEmpty()) {
                layout.put(COLUMN + key(c), Double.toString(c.getWidth()));
            }
        }
        return layout;
    }

    private void noteNormal() {
        if (stage.isShowing() && !stage.isMaximized() && !stage.isIconified() && !stage.isFullScreen()) {
            normal = new Rectangle2D(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight());
        }
    }

    /** A column's key: its title ("Model" → model); the tick column, which has none, is not kept. */
    private static String key(TreeTableColumn<?, ?> c) {
        return c.getText() == null ? "" : c.getText().strip().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    }

    private static boolean fraction(double d) {
        return d > 0 && d < 1;
    }

    /** The number kept under {@code key}, NaN when there is none or it is not a finite number. */
    private static double number(Map<String, String> layout, String key) {
        try {
            double d = Double.parseDouble(layout.getOrDefault(key, ""));
            return Double.isFinite(d) ? d : Double.NaN;
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
