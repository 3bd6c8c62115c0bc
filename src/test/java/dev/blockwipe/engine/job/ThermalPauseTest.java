package dev.blockwipe.engine.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.fault.FaultPolicy;
import dev.blockwipe.engine.fault.Temperatures;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.testing.MemoryTarget;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/** A job with a temperature limit: the sensor and the clock are fakes, so every assertion is about state. */
class ThermalPauseTest {
    private static final int SIZE = 4 << 20;

    private final AtomicInteger celsius = new AtomicInteger(70);
    private final List<Integer> writesAtEachReading = new ArrayList<>();
    private final MemoryTarget target = new MemoryTarget(SIZE).withThermometer(() -> {
        writesAtEachReading.add(target().writes().size());
        return OptionalInt.of(celsius.get());
    });

    private MemoryTarget target() {
        return target;
    }

    @Test
    void aHotDriveGetsNoWritesUntilItIsFiveDegreesBelowTheLimit() throws Exception {
        List<WipeEvent.Temperature> readings = new ArrayList<>();
        WipeResult result = job(60).run(target, e -> {
            if (e instanceof WipeEvent.Temperature t) {
                readings.add(t);
                if (t.paused()) {
                    celsius.set(t.temperatures().last() > 60 ? 56 : 55);
                }
            }
        }, new CancelToken());

        assertThat(result.state()).isEqualTo(FinalState.ERASED);
        assertThat(readings.get(0).text()).isEqualTo("paused: 70 °C above the 60 °C limit");
        assertThat(readings.get(1).text()).isEqualTo("paused: 56 °C, writes resume at 55 °C");
        assertThat(readings.get(2).paused()).isFalse();
        assertThat(writesAtEachReading.subList(0, 3)).as("nothing written until the reading that resumed")
                .containsOnly(0);
        Temperatures t = result.temperatures();
        assertThat(t.max()).isEqualTo(70);
        assertThat(t.min()).isEqualTo(55);
        assertThat(t.last()).isEqualTo(55);
        assertThat(t.samples()).isEqualTo(readings.size());
        assertThat(t.pauses()).singleElement().satisfies(p -> {
            assertThat(p.pass()).isEqualTo(1);
            assertThat(p.offset()).isZero();
            assertThat(p.celsius()).isEqualTo(70);
        });
        assertThat(target.data()).containsOnly((byte) 0);
    }

    @Test
    void cancellingWhilePausedEndsTheJobWithNothingWritten() throws Exception {
        CancelToken cancel = new CancelToken();
        WipeResult result = job(60).run(target, e -> {
            if (e instanceof WipeEvent.Temperature t && t.paused()) {
                cancel.cancel();
            }
        }, cancel);

        assertThat(result.state()).isEqualTo(FinalState.CANCELLED);
        assertThat(result.bytesWritten()).isZero();
        assertThat(target.writes()).isEmpty();
        assertThat(result.temperatures().pauses()).singleElement()
                .satisfies(p -> assertThat(p.celsius()).isEqualTo(70));
    }

    @Test
    void withoutALimitTheTemperatureIsOnlyRecorded() throws Exception {
        WipeResult result = job(0).run(target, WipeListener.NONE, new CancelToken());
        assertThat(result.state()).isEqualTo(FinalState.ERASED);
        assertThat(result.temperatures().samples()).isPositive();
        assertThat(result.temperatures().describe()).isEqualTo("70 °C, max 70 °C");
        assertThat(result.temperatures().pauses()).isEmpty();
    }

    @Test
    void aTargetWithoutASensorReportsNone() throws Exception {
        WipeResult result = job(60).run(new MemoryTarget(SIZE), WipeListener.NONE, new CancelToken());
        assertThat(result.state()).isEqualTo(FinalState.ERASED);
        assertThat(result.temperatures().reported()).isFalse();
    }

    private static WipeJob job(int maxCelsius) {
        WipeRequest request = WipeRequest.of(WipeMethods.byName("zero").orElseThrow()).withBlockSize(64 << 10)
                .withFaults(FaultPolicy.DEFAULT.withMaxCelsius(maxCelsius));
        return new WipeJob(request, new SecureRandom(), fastClock(), Keystreams.JCE);
    }

    /** A second per reading: the ten seconds between two samples pass within a few ticks. */
    private static LongSupplier fastClock() {
        AtomicLong now = new AtomicLong();
        return () -> now.addAndGet(1_000_000_000L);
    }
}
