package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.geometry.Rectangle2D;
import org.junit.jupiter.api.Test;

/** Where a window goes on screens of given visual bounds. */
class PlacementTest {
    private static final Rectangle2D LAPTOP = new Rectangle2D(0, 0, 1366, 768);
    private static final Rectangle2D SMALL = new Rectangle2D(0, 0, 1024, 768);
    private static final Rectangle2D WALL = new Rectangle2D(0, 0, 1920, 1080);

    @Test
    void aWindowTallerThanTheScreenIsMadeToFitWithItsTopOnScreen() {
        assertThat(Placement.fit(new Rectangle2D(298, -42, 770, 881), List.of(LAPTOP)))
                .isEqualTo(new Rectangle2D(298, 0, 770, 768));
    }

    @Test
    void aWindowPartlyOffAnEdgeIsMovedBackWhole() {
        assertThat(Placement.fit(new Rectangle2D(1000, 500, 800, 400), List.of(LAPTOP)))
                .isEqualTo(new Rectangle2D(566, 368, 800, 400));
    }

    @Test
    void aWindowOnScreenStaysWhereItIs() {
        Rectangle2D inside = new Rectangle2D(10, 20, 900, 600);
        assertThat(Placement.fit(inside, List.of(LAPTOP))).isEqualTo(inside);
    }

    /** The second screen it was on last time is unplugged: centred on the primary, its size kept where it fits. */
    @Test
    void aRememberedPlaceOnAScreenThatIsGoneIsCentredOnThePrimary() {
        assertThat(Placement.fit(new Rectangle2D(2400, 100, 1200, 700), List.of(LAPTOP)))
                .isEqualTo(new Rectangle2D(83, 34, 1200, 700));
        assertThat(Placement.fit(new Rectangle2D(-3000, -900, 1800, 1000), List.of(SMALL)))
                .isEqualTo(new Rectangle2D(0, 0, 1024, 768));
    }

    @Test
    void aWindowAcrossTwoScreensGoesWhollyOntoTheOneItOverlapsMost() {
        Rectangle2D right = new Rectangle2D(1920, 0, 1366, 768);
        assertThat(Placement.fit(new Rectangle2D(1700, 100, 1000, 700), List.of(WALL, right)))
                .isEqualTo(new Rectangle2D(1920, 68, 1000, 700));
    }

    /** The main window's first size: 1340×820 where there is room, else the whole of the visual bounds. */
    @Test
    void theFirstPlaceIsTakenFromTheScreen() {
        assertThat(Placement.firstPlace(WALL)).isEqualTo(new Rectangle2D(290, 130, 1340, 820));
        assertThat(Placement.firstPlace(LAPTOP)).isEqualTo(new Rectangle2D(13, 0, 1340, 768));
        assertThat(Placement.firstPlace(SMALL)).isEqualTo(SMALL);
        assertThat(Placement.MIN_WIDTH).isLessThanOrEqualTo(1024);
        assertThat(Placement.MIN_HEIGHT + 40).as("with a title bar").isLessThanOrEqualTo(768);
    }
}
