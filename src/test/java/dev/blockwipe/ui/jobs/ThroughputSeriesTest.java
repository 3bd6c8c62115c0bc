package dev.blockwipe.ui.jobs;

import static org.assertj.core.api.Assertions.assertThat;

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

        assertThat(series.last()).isEqualTo(point(1, 200));
    }

    @Test
    void tenMinutesHoldsTwelveHundredPointsHalfASecondApart() {
        ThroughputSeries series = ThroughputSeries.tenMinutes();
        for (int i = 0; i < 3000; i++) {
            series.add(i / 4.0, i);
        }

        assertThat(series.capacity()).isEqualTo(1200);
        assertThat(series.size()).isEqualTo(1200);
        assertThat(series.points().get(0).seconds()).isEqualTo(749.5 - 599.5);
        assertThat(series.last().seconds()).isEqualTo(749.5);
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

    private static ThroughputSeries.Point point(double seconds, double megabytesPerSecond) {
        return new ThroughputSeries.Point(seconds, megabytesPerSecond);
    }
}
