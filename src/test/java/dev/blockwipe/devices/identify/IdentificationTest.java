package dev.blockwipe.devices.identify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.engine.CancelToken;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongPredicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The identification's strategy and timing on a fake clock (nothing sleeps): a locate LED lit for
 * the time and always turned off again, or reads in half-second bursts once a second.
 */
class IdentificationTest {
    private static final long MS = 1_000_000L;
    private static final long MIB = 1 << 20;

    private final FakePace pace = new FakePace();
    private final List<String> led = new ArrayList<>();
    private final List<long[]> reads = new ArrayList<>();
    private final List<String> instead = new ArrayList<>();
    private final CancelToken stop = new CancelToken();
    private boolean closed;

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    @Test
    void theLedIsLitForTheWholeTimeAndTurnedOffAfter() throws IOException {
        boolean ranOut = identification(64 * MIB, lamp()).run(stop, instead::add);

        assertThat(ranOut).isTrue();
        assertThat(led).containsExactly("on", "off");
        assertThat(pace.now).isBetween(30_000 * MS, 30_100 * MS);
        assertThat(reads).as("a LED needs no reads").isEmpty();
    }

    @Test
    void stoppingTurnsTheLedOffWithinATenthOfASecond() throws IOException {
        pace.at(t -> t >= 5_000 * MS, stop::cancel);

        boolean ranOut = identification(64 * MIB, lamp()).run(stop, instead::add);

        assertThat(ranOut).isFalse();
        assertThat(led).containsExactly("on", "off");
        assertThat(pace.now).isLessThanOrEqualTo(5_100 * MS);
    }

    @Test
    void aStopBeforeTheStartLightsAndReadsNothing() throws IOException {
        stop.cancel();

        assertThat(identification(64 * MIB, lamp()).run(stop, instead::add)).isFalse();
        assertThat(identification(64 * MIB, null).run(stop, instead::add)).isFalse();
        assertThat(led).isEmpty();
        assertThat(reads).isEmpty();
    }

    @Test
    void anInterruptTurnsTheLedOffAndKeepsTheInterrupt() throws IOException {
        pace.interruptAt = 3_000 * MS;

        boolean ranOut = identification(64 * MIB, lamp()).run(stop, instead::add);

        assertThat(ranOut).isFalse();
        assertThat(led).containsExactly("on", "off");
        assertThat(Thread.interrupted()).as("the interrupt is kept for the caller").isTrue();
    }

    @Test
    void aFailureWhileLitStillTurnsTheLedOff() {
        pace.at(t -> t >= 2_000 * MS, () -> {
            throw new IllegalStateException("the clock broke");
        });

        assertThatThrownBy(() -> identification(64 * MIB, lamp()).run(stop, instead::add))
                .hasMessage("the clock broke");
        assertThat(led).containsExactly("on", "off");
    }

    @Test
    void aLedThatCannotBeLitIsTurnedOffAndGivesWayToReads() throws IOException {
        LocateLed refusing = new FakeLed() {
            @Override
            public void on() throws IOException {
                led.add("on");
                throw new IOException("/sys/class/enclosure/0:0:1:0/Slot 05/locate: permission denied");
            }
        };

        boolean ranOut = identification(64 * MIB, refusing).run(stop, instead::add);

        assertThat(ranOut).isTrue();
        assertThat(led).containsExactly("on", "off");
        assertThat(instead).singleElement().asString().contains("permission denied", "activity LED: reading in bursts for 30 s instead");
        assertThat(reads).isNotEmpty();
    }

    @Test
    void readsComeInHalfSecondBurstsOnceASecondForTheWholeTime() throws IOException {
        boolean ranOut = identification(64 * MIB, null).run(stop, instead::add);

        assertThat(ranOut).isTrue();
        assertThat(reads).allSatisfy(r -> assertThat(r[0] % (1_000 * MS)).as("read at %d ns", r[0]).isLessThan(500 * MS));
        assertThat(reads.stream().map(r -> r[0] / (1_000 * MS)).collect(Collectors.toSet()))
                .as("a burst in every second").hasSize(30);
        assertThat(pace.longestSleep).as("a stop is seen within a tenth of a second").isLessThanOrEqualTo(100 * MS);
        assertThat(pace.now).isBetween(30_000 * MS, 30_100 * MS);
    }

    @Test
    void readsAreWholeMebibytesAlignedAndSpreadOverTheDevice() throws IOException {
        long size = 100 * MIB + 3 * 512;
        identification(size, null).run(stop, instead::add);

        assertThat(reads).allSatisfy(r -> {
            assertThat(r[1] % 512).isZero();
            assertThat(r[2]).isEqualTo(MIB);
            assertThat(r[1] + r[2]).isLessThanOrEqualTo(size);
        });
        long firstHalf = reads.stream().filter(r -> r[1] < size / 2).count();
        assertThat((double) firstHalf / reads.size()).as("spread over the whole device").isBetween(0.4, 0.6);
        assertThat(reads.stream().map(r -> r[1]).distinct().count()).isGreaterThan(reads.size() * 9L / 10);
    }

    @Test
    void aDeviceSmallerThanARequestIsReadWhole() throws IOException {
        identification(64 * 1024, null).run(stop, instead::add);

        assertThat(reads).isNotEmpty().allSatisfy(r -> assertThat(r).containsExactly(r[0], 0, 64 * 1024));
    }

    @Test
    void stoppingEndsTheReadsWithinATenthOfASecond() throws IOException {
        pace.at(t -> t >= 10_300 * MS, stop::cancel);

        boolean ranOut = identification(64 * MIB, null).run(stop, instead::add);

        assertThat(ranOut).isFalse();
        assertThat(pace.now).isLessThanOrEqualTo(10_400 * MS);
        assertThat(reads).allSatisfy(r -> assertThat(r[0]).isLessThan(10_300 * MS));
    }

    @Test
    void theMethodSaysWhichLedAndForHowLong() {
        assertThat(identification(64 * MIB, lamp()).method()).isEqualTo("locate LED of enclosure slot 5 for 30 s");
        assertThat(identification(64 * MIB, null).method()).isEqualTo("activity LED: reading in bursts for 30 s");
        Identification loop = new Identification(new OpenDrive("loop3", true, 64 * MIB, 512, (o, b) -> { }, () -> { }),
                Optional.empty(), Duration.ofSeconds(30), pace);
        assertThat(loop.method()).isEqualTo("activity LED: reading in bursts for 30 s (a loop device has no LED: the"
                + " reads go to the disk under its backing file)");
    }

    @Test
    void closingClosesTheDescriptor() throws IOException {
        identification(64 * MIB, null).close();

        assertThat(closed).isTrue();
    }

    private Identification identification(long size, LocateLed lamp) {
        DriveReads recording = (offset, dst) -> {
            reads.add(new long[] {pace.now, offset, dst.remaining()});
            dst.position(dst.limit());
            pace.advance(4 * MS);
        };
        return new Identification(new OpenDrive("sdb", false, size, 512, recording, () -> closed = true),
                Optional.ofNullable(lamp), Duration.ofSeconds(30), pace);
    }

    private LocateLed lamp() {
        return new FakeLed();
    }

    private class FakeLed implements LocateLed {
        @Override
        public String describe() {
            return "locate LED of enclosure slot 5";
        }

        @Override
        public void on() throws IOException {
            led.add("on");
        }

        @Override
        public void off() {
            led.add("off");
        }
    }

    /** A clock that only moves when something sleeps or reads; a sleep advances it by exactly its time. */
    private static final class FakePace implements Pace {
        long now;
        long longestSleep;
        long interruptAt = Long.MAX_VALUE;
        private LongPredicate when = t -> false;
        private Runnable then;

        void at(LongPredicate moment, Runnable action) {
            when = moment;
            then = action;
        }

        void advance(long nanos) {
            now += nanos;
            if (when.test(now)) {
                when = t -> false;
                then.run();
            }
        }

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public void sleep(long nanos) throws InterruptedException {
            if (now >= interruptAt) {
                throw new InterruptedException();
            }
            longestSleep = Math.max(longestSleep, nanos);
            advance(nanos);
        }
    }
}
