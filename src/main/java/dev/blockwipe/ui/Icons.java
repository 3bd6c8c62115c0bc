package dev.blockwipe.ui;

import java.util.List;
import java.util.Objects;
import javafx.scene.image.Image;

/** The application icon in every size icons/render.sh makes; the task switcher and the title bar pick the sharpest. */
public final class Icons {
    private static final List<Integer> SIZES = List.of(16, 24, 32, 48, 64, 128, 256, 512);

    private Icons() {
    }

    static List<Image> all() {
        return SIZES.stream().map(Icons::of).toList();
    }

    public static Image of(int size) {
        String name = "/dev/blockwipe/icons/blockwipe-" + size + ".png";
        return new Image(Objects.requireNonNull(Icons.class.getResource(name), name).toExternalForm());
    }
}
