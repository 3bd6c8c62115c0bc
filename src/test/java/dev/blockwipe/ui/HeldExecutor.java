package dev.blockwipe.ui;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Executor;

/** A background executor for view-model tests: runs at once, or holds the work until released. */
public final class HeldExecutor implements Executor {
    private final List<Runnable> held = new ArrayList<>();
    private boolean holding;

    @Override
    public void execute(Runnable work) {
        if (holding) {
            held.add(work);
        } else {
            work.run();
        }
    }

    public void hold() {
        holding = true;
    }

    /** Runs what was held, in order, and runs later work at once again. */
    public void release() {
        holding = false;
        List<Runnable> work = List.copyOf(held);
        held.clear();
        work.forEach(Runnable::run);
    }

    /** Runs what was held, the latest first, as threads of a pool may finish it; later work runs at once again. */
    public void releaseLatestFirst() {
        holding = false;
        List<Runnable> work = new ArrayList<>(held);
        held.clear();
        Collections.reverse(work);
        work.forEach(Runnable::run);
    }
}
