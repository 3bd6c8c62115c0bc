package dev.blockwipe.ui;

import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.PatternSource;
import java.time.Duration;

/**
 * Keystreams whose random passes can be held: after {@link #holdAfter} lets a number of fills
 * through, the next one waits until {@link #release}. A window test that must act while a wipe
 * is still running holds it there, on any machine, instead of hoping the wipe lasts long enough
 * (a 35-pass wipe of 512 MiB on tmpfs takes two seconds on a fast host). Fills pass freely until
 * held.
 */
public final class HeldKeystreams implements Keystreams {
    private static final long FREE = Long.MAX_VALUE;

    private final Keystreams inner;
    private long allowed = FREE;
    private int waiting;

    public HeldKeystreams(Keystreams inner) {
        this.inner = inner;
    }

    /** From now on, {@code fills} more fills start and the one after them waits. */
    synchronized void holdAfter(long fills) {
        allowed = fills;
        notifyAll();
    }

    /** Waits until a fill waits: the wipe has started and is held. */
    synchronized void awaitHeld(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (waiting == 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no fill was held within " + timeout);
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    /** Lets every waiting and later fill go. */
    synchronized void release() {
        allowed = FREE;
        notifyAll();
    }

    private synchronized void pass() {
        boolean interrupted = false;
        if (allowed == 0) {
            waiting++;
            notifyAll();
            while (allowed == 0) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            waiting--;
        }
        if (allowed != FREE) {
            allowed--;
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public PatternSource source(byte[] key) {
        PatternSource source = inner.source(key);
        return (dst, offset) -> {
            pass();
            source.fill(dst, offset);
        };
    }

    @Override
    public String describe() {
        return inner.describe();
    }
}
