package dev.blockwipe.engine;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one way Blockwipe makes its threads: named, so that a thread dump or a stack sample says
 * whose work a thread does, and daemon, so that work that does not wind down (a request stuck on
 * a dying disk, a probe of a hung device) never keeps the JVM from exiting.
 */
public final class DaemonThreads {
    private DaemonThreads() {
    }

    /** Threads that all carry {@code name} (an executor of one thread, or threads told apart by their work). */
    public static ThreadFactory named(String name) {
        return work -> daemon(work, name);
    }

    /** Threads named {@code prefix-1}, {@code prefix-2}, … in the order they are made. */
    public static ThreadFactory numbered(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return work -> daemon(work, prefix + "-" + n.incrementAndGet());
    }

    /** Starts {@code work} on a thread of its own named {@code name}; returns the started thread. */
    public static Thread start(String name, Runnable work) {
        Thread t = daemon(work, name);
        t.start();
        return t;
    }

    private static Thread daemon(Runnable work, String name) {
        Thread t = new Thread(work, name);
        t.setDaemon(true);
        return t;
    }
}
