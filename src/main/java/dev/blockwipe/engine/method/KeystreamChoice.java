package dev.blockwipe.engine.method;

import dev.blockwipe.engine.DaemonThreads;
import dev.blockwipe.engine.DirectBuffers;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The fastest AES-256-CTR source of this machine, found by measuring, as nwipe picks its fastest
 * PRNG: which one wins depends on the CPU (VAES, AVX-512) and on the buffers, and the order changes
 * from one machine to the next (src/docs/speed.md, "Figures behind the code's choices"). Every
 * candidate makes the same bytes for the same key and offset, so the choice changes speed only.
 *
 * <p>The measurement runs once, on a daemon thread started by {@link #measuring}, in rounds of
 * 10 ms that take turns between the candidates and keep each one's best, filling 1 MiB at a time;
 * after three rounds a candidate below a quarter of the best stops (JCE without C2's AES
 * intrinsics is so slow that more rounds of it would hold up the first random pass of a short
 * command). The measurement runs while the command checks and confirms its targets. The rounds are counted in the measuring thread's CPU time where the
 * platform gives that clock, so that a figure is what one core makes, whatever else runs.
 * The platform may leave out a source it knows cannot win, and says why
 * ({@link Candidates#leftOut}): a JVM that compiles with C1 alone has no AES intrinsics for JCE,
 * whose warm-up and rounds would then cost a random wipe's start CPU time for nothing. A lone
 * candidate is measured all the same, for its figure. {@link #source} and {@link #describe} wait
 * for the measurement; the description names the choice, every figure and what was left out, so
 * the certificate says what made its random data and why.
 *
 * <p>Thread-safe.
 */
public final class KeystreamChoice implements Keystreams {
    private static final int SAMPLE_BYTES = 1 << 20;
    private static final long ROUND_NANOS = 10_000_000L;
    private static final int ROUNDS = 5;
    /** Rounds every candidate takes part in; after them, one below a quarter of the best so far stops.
     * Three: with C2, JCE's heap path reached its speed in the second (a command's start-up keeps
     * the compiler busy meanwhile). */
    private static final int ROUNDS_FOR_ALL = 3;
    private static final double HOPELESS = 0.25;

    /** What one candidate made on one core, in bytes per second (0 when it failed: {@code problem} says why). */
    public record Measured(Keystreams source, double bytesPerSecond, String problem) {
        String describe() {
            return source.describe() + " " + figure();
        }

        String figure() {
            return problem != null ? "failed: " + problem : String.format(Locale.ROOT, "%.1f GB/s", bytesPerSecond / 1e9);
        }
    }

    /**
     * What a machine offers: the sources worth measuring, and a note for each kind it left out and
     * why (the certificate says what was not tried as well as what was).
     */
    public record Candidates(List<Keystreams> sources, List<String> leftOut) {
        public Candidates {
            sources = List.copyOf(sources);
            leftOut = List.copyOf(leftOut);
        }
    }

    private final CompletableFuture<List<Measured>> measured = new CompletableFuture<>();
    private final CompletableFuture<List<String>> leftOut = new CompletableFuture<>();

    private KeystreamChoice(Supplier<Candidates> offer, LongSupplier clock) {
        DaemonThreads.start("blockwipe-keystream-choice", () -> {
            try {
                Candidates candidates = offer.get();
                leftOut.complete(candidates.leftOut());
                measured.complete(measure(candidates.sources(), clock));
            } catch (RuntimeException | Error e) {
                leftOut.complete(List.of());
                measured.completeExceptionally(e);
            }
        });
    }

    /**
     * Asks {@code offer} for the candidates (loading a native library, say) and measures them, all
     * on a thread of its own; returns at once. {@code threadCpuNanos} is read on that thread: with
     * the thread's CPU time, a figure is what one core makes, not what was left of it by the
     * command's start-up on the other threads (the wall clock under-read OpenSSL by up to a third
     * there; figures in src/docs/speed.md).
     */
    public static KeystreamChoice measuring(Supplier<Candidates> offer, LongSupplier threadCpuNanos) {
        return new KeystreamChoice(offer, threadCpuNanos);
    }

    /** Every candidate's figure, the fastest first; waits for the measurement. */
    public List<Measured> measurements() {
        try {
            return measured.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while measuring the keystream sources", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("measuring the keystream sources failed: " + e.getCause(), e.getCause());
        }
    }

    /** The fastest candidate. */
    public Keystreams chosen() {
        Measured best = measurements().get(0);
        if (best.problem() != null) {
            throw new IllegalStateException("no keystream source works here: " + measurements().stream()
                    .map(Measured::describe).collect(Collectors.joining("; ")));
        }
        return best.source();
    }

    @Override
    public PatternSource source(byte[] key) {
        return chosen().source(key);
    }

    /**
     * "AES-256-CTR (Java 17 JCE), measured the fastest here (one core): ... X GB/s; ... Y GB/s",
     * or for a lone candidate "AES-256-CTR (OpenSSL ...), measured here (one core): X GB/s";
     * followed by what was left out unmeasured and why.
     */
    @Override
    public String describe() {
        List<Measured> all = measurements();
        String chosen = chosen().describe();
        Stream<String> figures = all.size() > 1 ? all.stream().map(Measured::describe) : Stream.of(all.get(0).figure());
        return Stream.concat(figures, leftOut.join().stream()).collect(Collectors.joining("; ",
                chosen + (all.size() > 1 ? ", measured the fastest here (one core): " : ", measured here (one core): "), ""));
    }

    private static List<Measured> measure(List<Keystreams> candidates, LongSupplier clock) {
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("no keystream to choose from");
        }
        ByteBuffer buffer = DirectBuffers.aligned(SAMPLE_BYTES);
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        List<PatternSource> sources = new ArrayList<>();
        String[] problems = new String[candidates.size()];
        double[] best = new double[candidates.size()];
        for (int i = 0; i < candidates.size(); i++) {
            try {
                sources.add(candidates.get(i).source(key));
            } catch (RuntimeException e) {
                sources.add(null);
                problems[i] = e.getMessage();
            }
        }
        for (int round = 0; round < ROUNDS; round++) {
            double leader = Arrays.stream(best).max().orElse(0);
            for (int i = 0; i < candidates.size(); i++) {
                if (problems[i] != null || round >= ROUNDS_FOR_ALL && best[i] < HOPELESS * leader) {
                    continue;
                }
                try {
                    best[i] = Math.max(best[i], rate(sources.get(i), buffer, clock));
                } catch (RuntimeException e) {
                    problems[i] = e.getMessage();
                }
            }
        }
        List<Measured> all = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            all.add(new Measured(candidates.get(i), problems[i] == null ? best[i] : 0, problems[i]));
        }
        all.sort(Comparator.comparingDouble(Measured::bytesPerSecond).reversed());
        return List.copyOf(all);
    }

    /** Bytes per second of {@code source} filling {@code buffer} again and again for one round of {@code clock}. */
    private static double rate(PatternSource source, ByteBuffer buffer, LongSupplier clock) {
        long bytes = 0;
        long start = clock.getAsLong();
        long elapsed;
        do {
            buffer.clear();
            source.fill(buffer, bytes % (1L << 40));
            bytes += buffer.capacity();
            elapsed = clock.getAsLong() - start;
        } while (elapsed < ROUND_NANOS);
        return bytes * 1e9 / elapsed;
    }
}
