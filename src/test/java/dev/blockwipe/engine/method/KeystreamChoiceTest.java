package dev.blockwipe.engine.method;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.testing.Expected;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

class KeystreamChoiceTest {

    /** A source that takes at least {@code nanos} per fill, whatever the size (0: as fast as a call). */
    private static Keystreams timed(String name, long nanos) {
        return timed(name, nanos, new AtomicInteger());
    }

    /** The same, counting its fills. */
    private static Keystreams timed(String name, long nanos, AtomicInteger fills) {
        return new Keystreams() {
            @Override
            public PatternSource source(byte[] key) {
                return (dst, offset) -> {
                    fills.incrementAndGet();
                    long end = System.nanoTime() + nanos;
                    for (long now = System.nanoTime(); now < end; now = System.nanoTime()) {
                        LockSupport.parkNanos(end - now);
                    }
                };
            }

            @Override
            public String describe() {
                return name;
            }
        };
    }

    /** A choice among {@code sources}, measured by the wall clock (the product counts the thread's CPU time). */
    private static KeystreamChoice choice(List<Keystreams> sources) {
        return KeystreamChoice.measuring(() -> new KeystreamChoice.Candidates(sources, List.of()), System::nanoTime);
    }

    private static final Keystreams BROKEN = new Keystreams() {
        @Override
        public PatternSource source(byte[] key) {
            return (dst, offset) -> {
                throw new IllegalStateException("no cipher here");
            };
        }

        @Override
        public String describe() {
            return "broken";
        }
    };

    @Test
    void choosesTheFastestAndSaysWhatEachMade() {
        KeystreamChoice choice = choice(List.of(timed("slow", 5_000_000), BROKEN, timed("fast", 0)));

        assertThat(choice.chosen().describe()).isEqualTo("fast");
        assertThat(choice.measurements()).extracting(m -> m.source().describe()).containsExactly("fast", "slow", "broken");
        assertThat(choice.measurements().get(1).bytesPerSecond()).as("1 MiB per 5 ms or less").isLessThan(1e9).isPositive();
        assertThat(choice.measurements().get(2).problem()).isEqualTo("no cipher here");
        assertThat(choice.describe()).startsWith("fast, measured the fastest here (one core): fast ")
                .contains("; slow ", " GB/s", "; broken failed: no cipher here");
    }

    /** Rounds of 10 ms: a source that needs 5 ms a fill fills twice a round, and after three rounds no more. */
    @Test
    void aHopelessCandidateStopsAfterThreeRounds() {
        AtomicInteger fills = new AtomicInteger();
        KeystreamChoice choice = choice(List.of(timed("slow", 5_000_000, fills), timed("fast", 0)));

        assertThat(choice.chosen().describe()).isEqualTo("fast");
        assertThat(fills.get()).as("three rounds of two fills, not five rounds").isBetween(3, 6);
    }

    /** Measured all the same, for the record: the lone source's figure is the CPU's keystream limit. */
    @Test
    void aSingleCandidateIsMeasuredForItsFigure() {
        AtomicInteger fills = new AtomicInteger();
        KeystreamChoice choice = choice(List.of(timed("alone", 5_000_000, fills)));

        assertThat(choice.chosen().describe()).isEqualTo("alone");
        assertThat(choice.describe()).matches("alone, measured here \\(one core\\): \\d+\\.\\d GB/s");
        assertThat(fills.get()).as("five rounds of two fills").isBetween(5, 10);
    }

    /** What the platform left out is in the record, and is neither measured nor chosen. */
    @Test
    void whatWasLeftOutIsSaidAfterTheFigures() {
        KeystreamChoice choice = KeystreamChoice.measuring(
                () -> new KeystreamChoice.Candidates(List.of(timed("fast", 0)), List.of("slow not measured: no compiler")),
                System::nanoTime);

        assertThat(choice.measurements()).extracting(m -> m.source().describe()).containsExactly("fast");
        assertThat(choice.describe()).startsWith("fast, measured here (one core): ")
                .endsWith(" GB/s; slow not measured: no compiler").doesNotContain(": fast");
    }

    /**
     * The rounds are counted on the clock given (the thread's CPU time in the product): a clock that
     * moves 10 ms a reading makes every round one fill of 1 MiB, however long the fill really took.
     */
    @Test
    void roundsAreCountedOnTheGivenClock() {
        AtomicLong clock = new AtomicLong();
        KeystreamChoice choice = KeystreamChoice.measuring(
                () -> new KeystreamChoice.Candidates(List.of(timed("slow", 2_000_000)), List.of()),
                () -> clock.addAndGet(10_000_000));

        assertThat(choice.measurements().get(0).bytesPerSecond()).isEqualTo((1 << 20) * 1e9 / 10_000_000);
    }

    @Test
    void noCandidatesAtAllIsAnErrorWhenTheSourceIsAsked() {
        KeystreamChoice choice = choice(List.of());
        assertThatThrownBy(() -> choice.source(new byte[32])).hasMessageContaining("no keystream to choose from");
    }

    @Test
    void whenNothingWorksTheSourceSaysWhy() {
        KeystreamChoice choice = choice(List.of(BROKEN, BROKEN));
        assertThatThrownBy(() -> choice.source(new byte[32])).hasMessageContaining("no keystream source works here")
                .hasMessageContaining("no cipher here");
    }

    /** The candidates differ in speed only: a read-back may use another source than the writes did. */
    @Test
    void jceThroughTheHeapAndBetweenDirectBuffersMakeTheSameBytes() {
        byte[] key = new byte[32];
        new Random(5).nextBytes(key);
        Pattern.Random pattern = new Pattern.Random(key);
        byte[] expected = Expected.bytes(pattern, 3 << 20);
        for (Keystreams k : List.of(Keystreams.JCE, Keystreams.JCE_DIRECT)) {
            ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
            PatternSource source = k.source(key);
            for (int at = 0; at < 3 << 20; at += 1 << 20) {
                source.fill(buffer.clear(), at);
                byte[] got = new byte[1 << 20];
                buffer.get(0, got);
                assertThat(got).as(k.describe() + " at " + at).isEqualTo(Arrays.copyOfRange(expected, at, at + (1 << 20)));
            }
        }
    }
}
