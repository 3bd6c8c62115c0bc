package dev.blockwipe.engine.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.fault.Temperatures;
import dev.blockwipe.engine.fault.ThermalPause;
import dev.blockwipe.engine.io.Thermometer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ThermalGateTest {
    private static final long SECOND = 1_000_000_000L;

    private final AtomicInteger celsius = new AtomicInteger(40);
    private final AtomicLong now = new AtomicLong(SECOND);
    private final List<WipeEvent.Temperature> events = new ArrayList<>();

    private ThermalGate gate(int limit) {
        return new ThermalGate(() -> OptionalInt.of(celsius.get()), limit, now::get,
                e -> events.add((WipeEvent.Temperature) e));
    }

    @Test
    void closesAboveTheLimitAndOpensFiveDegreesBelowIt() {
        ThermalGate gate = gate(60);
        celsius.set(61);
        gate.writing(1, () -> 4096);
        assertThat(gate.closed()).isTrue();
        assertThat(events.get(0).text()).isEqualTo("paused: 61 °C above the 60 °C limit");

        celsius.set(58);
        now.addAndGet(10 * SECOND);
        gate.tick();
        assertThat(gate.closed()).isTrue();
        assertThat(events.get(1).text()).isEqualTo("paused: 58 °C, writes resume at 55 °C");

        celsius.set(55);
        gate.tick();
        assertThat(events).as("sampled again before ten seconds passed").hasSize(2);
        now.addAndGet(10 * SECOND);
        gate.tick();
        assertThat(gate.closed()).isFalse();
        assertThat(events.get(2).text()).isEqualTo("55 °C, max 61 °C");

        Temperatures t = gate.finish();
        assertThat(t.samples()).isEqualTo(4);
        assertThat(t.min()).isEqualTo(55);
        assertThat(t.max()).isEqualTo(61);
        assertThat(t.pauses()).containsExactly(new ThermalPause(1, 4096, 61, Duration.ofSeconds(20)));
    }

    @Test
    void theLimitOnlyHoldsWritesBack() {
        ThermalGate gate = gate(60);
        celsius.set(70);
        gate.sample();
        assertThat(gate.closed()).as("a read-back is not held back").isFalse();
        assertThat(events.get(0).paused()).isFalse();
        assertThat(gate.finish().pauses()).isEmpty();
    }

    @Test
    void withoutALimitItNeverCloses() {
        ThermalGate gate = gate(0);
        celsius.set(90);
        gate.writing(1, () -> 0);
        assertThat(gate.closed()).isFalse();
        assertThat(events.get(0).text()).isEqualTo("90 °C, max 90 °C");
    }

    @Test
    void aDriveWithoutASensorIsNotReported() {
        List<WipeEvent> seen = new ArrayList<>();
        ThermalGate gate = new ThermalGate(Thermometer.NONE, 60, now::get, seen::add);
        gate.writing(1, () -> 0);
        Temperatures t = gate.finish();
        assertThat(seen).isEmpty();
        assertThat(t.reported()).isFalse();
        assertThat(t.describe()).isEqualTo("not reported");
    }

    @Test
    void aWaitingWorkerGoesOnWhenTheGateOpensOrTheSweepStops() throws Exception {
        ThermalGate gate = gate(60);
        celsius.set(65);
        gate.writing(1, () -> 0);
        Thread cooling = waiter(gate, new AtomicBoolean());
        AtomicBoolean stop = new AtomicBoolean();
        Thread stopping = waiter(gate, stop);
        awaitWaiting(cooling);
        awaitWaiting(stopping);

        stop.set(true);
        stopping.join(TimeUnit.SECONDS.toMillis(10));
        assertThat(stopping.isAlive()).isFalse();
        assertThat(cooling.isAlive()).as("still held back").isTrue();

        celsius.set(50);
        now.addAndGet(10 * SECOND);
        gate.tick();
        cooling.join(TimeUnit.SECONDS.toMillis(10));
        assertThat(cooling.isAlive()).isFalse();
    }

    private static Thread waiter(ThermalGate gate, AtomicBoolean stop) {
        Thread t = new Thread(() -> {
            try {
                gate.awaitOpen(stop::get);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void awaitWaiting(Thread t) throws InterruptedException {
        while (t.getState() != Thread.State.TIMED_WAITING) {
            assertThat(t.isAlive()).as("waits instead of returning").isTrue();
            Thread.sleep(5);
        }
    }
}
