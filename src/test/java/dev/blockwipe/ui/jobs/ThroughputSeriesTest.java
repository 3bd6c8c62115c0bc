package dev.blockwipe.ui.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ThroughputSeriesTest {

    @Test
    void pointCloserThanTheSpacingIsDropped() {
        ThroughputSeries series = new ThroughputSeries(10, 0.5);

        assertThat(series.add(0.0, 100)).isTrue();
        assertThat(series.add(0.4, 200)).isFalse();
        assertThat(series.add(0.5, 300)).isTrue();

        assertThat(series.points()).containsExactly(point(0.0, 100), point(0.5, 300));
    }

    @Test
    void spacingCountsFromTheLastPointKeptNotTheLastOffered() {
        ThroughputSeries series = new ThroughputSeries(10, 0.5);
        series.add(0.0, 100);
        series.add(0.3, 200);

        assertThat(series.add(0.6, 300)).isTrue();
        assertThat(series.points()).extracting(ThroughputSeries.Point::seconds).containsExactly(0.0, 0.6);
    }

    @Test
    void fullSeriesDropsItsOldestPoint() {
        ThroughputSeries series = new ThroughputSeries(3, 1);
        for (int s = 0; s < 5; s++) {
            series.add(s, 10 * s);
        }

        assertThat(series.size()).isEqualTo(3);
        assertThat(series.points()).containsExactly(point(2, 20), point(3, 30), point(4, 40));
    }

    @Test
    void lastIsTheNewestPointKept() {
        ThroughputSeries series = new ThroughputSeries(3, 1);
        series.add(0, 100);
        series.add(1, 200);
        series.add(1.5, 300);

        assertThat(last(series)).isEqualTo(point(1, 200));
    }

    @Test
    void tenMinutesHoldsTwelveHundredPointsHalfASecondApart() {
        ThroughputSeries series = ThroughputSeries.tenMinutes();
        for (int i = 0; i < 3000; i++) {
            series.add(i / 4.0, i);
        }

        assertThat(series.size()).isEqualTo(1200);
        assertThat(series.points().get(0).seconds()).isEqualTo(749.5 - 599.5);
        assertThat(last(series).seconds()).isEqualTo(749.5);
    }

    @Test
    void theClosingPointIsKeptHoweverSoonButNeverBeforeTheLast() {
        ThroughputSeries series = new ThroughputSeries(3, 0.5);
        series.add(0.0, 100);

        assertThat(series.close(0.1, 200)).isTrue();
        assertThat(series.close(0.1, 300)).isFalse();
        assertThat(series.points()).containsExactly(point(0.0, 100), point(0.1, 200));
    }

    @Test
    void aClosingPointAlsoDropsTheOldestOfAFullSeries() {
        ThroughputSeries series = new ThroughputSeries(2, 1);
        series.add(0, 10);
        series.add(1, 20);

        series.close(1.5, 30);

        assertThat(series.points()).containsExactly(point(1, 20), point(1.5, 30));
    }

    @Test
    void pointsAreACopy() {
        ThroughputSeries series = new ThroughputSeries(3, 1);
        series.add(0, 100);

        series.points().clear();

        assertThat(series.size()).isEqualTo(1);
    }

    /** Issue 38: no job for a while was drawn as a straight ramp from the last speed to the next. */
    @Test
    void aPauseDropsToZeroAndTheNextPointRisesFromZero() {
        ThroughputSeries series = new ThroughputSeries(600, 1);
        series.add(0, 100);
        series.add(1, 120);

        assertThat(series.pause(2)).isTrue();
        assertThat(series.add(300, 80)).isTrue();

        assertThat(series.points()).containsExactly(point(0, 100), point(1, 120), point(2, 0), point(299, 0), point(300, 80));
    }

    @Test
    void aPauseInTheSecondOfTheLastPointStillDropsToZeroAfterIt() {
        ThroughputSeries series = new ThroughputSeries(600, 1);
        series.add(5, 100);

        series.pause(5);

        assertThat(series.size()).isEqualTo(2);
        assertThat(last(series).megabytesPerSecond()).isZero();
        assertThat(last(series).seconds()).isGreaterThan(5);
    }

    @Test
    void aLongPauseIsOneZeroAndNothingBeforeTheFirstPoint() {
        ThroughputSeries series = new ThroughputSeries(600, 1);
        assertThat(series.pause(0)).as("nothing to drop").isFalse();
        series.add(1, 100);

        series.pause(2);
        for (int s = 3; s < 100; s++) {
            assertThat(series.pause(s)).isFalse();
        }

        assertThat(series.points()).containsExactly(point(1, 100), point(2, 0));
    }

    @Test
    void aPauseAfterAZeroAddsNoPointButTheNextStillRisesFromZero() {
        ThroughputSeries series = new ThroughputSeries(600, 1);
        series.add(1, 0);

        assertThat(series.pause(2)).isFalse();
        series.add(50, 40);

        assertThat(series.points()).containsExactly(point(1, 0), point(49, 0), point(50, 40));
    }

    @Test
    void aPointMoreThanTheWindowAfterTheOthersDropsThem() {
        ThroughputSeries series = new ThroughputSeries(600, 1);
        for (int s = 0; s < 10; s++) {
            series.add(s, 100);
        }
        series.pause(10);

        series.add(4000, 5);

        assertThat(series.points()).containsExactly(point(3999, 0), point(4000, 5));
    }

    @Test
    void hoursOfJobsAndPausesKeepTheSeriesWithinItsCapacityAndWindow() {
        ThroughputSeries series = new ThroughputSeries(600, 1);
        Random random = new Random(38);
        double t = 0;
        for (int i = 0; i < 50_000; i++) {
            t += 0.25 + random.nextDouble();
            if (random.nextInt(50) == 0) {
                series.pause(t);
                t += random.nextInt(2000);
            } else {
                series.add(t, random.nextDouble() * 1000);
            }
            List<ThroughputSeries.Point> points = series.points();
            assertThat(points.size()).isLessThanOrEqualTo(600);
            assertThat(points.get(points.size() - 1).seconds() - points.get(0).seconds()).isLessThanOrEqualTo(600);
        }
    }

    @Test
    void aMirrorFollowsTheSeriesThroughAddsPausesAndDrops() {
        ThroughputSeries series = new ThroughputSeries(50, 1);
        List<String> copy = new ArrayList<>();
        Random random = new Random(8);
        double t = 0;
        for (int i = 0; i < 2000; i++) {
            t += 0.5 + random.nextDouble();
            if (random.nextInt(20) == 0) {
                series.pause(t);
                t += random.nextInt(80);
            } else {
                series.add(t, i);
            }
            ThroughputSeries.mirror(series.points(), copy, p -> p.seconds() + "@" + p.megabytesPerSecond(),
                    c -> Double.parseDouble(c.substring(0, c.indexOf('@'))));

            assertThat(copy).containsExactlyElementsOf(series.points().stream()
                    .map(p -> p.seconds() + "@" + p.megabytesPerSecond()).toList());
        }
    }

    @Test
    void aMirrorOfNoPointsIsEmpty() {
        List<ThroughputSeries.Point> copy = new ArrayList<>(List.of(point(1, 1)));

        ThroughputSeries.mirror(List.of(), copy, p -> p, ThroughputSeries.Point::seconds);

        assertThat(copy).isEmpty();
    }

    private static ThroughputSeries.Point last(ThroughputSeries series) {
        return series.points().get(series.size() - 1);
    }

    private static ThroughputSeries.Point point(double seconds, double megabytesPerSecond) {
        return new ThroughputSeries.Point(seconds, megabytesPerSecond);
    }
}
