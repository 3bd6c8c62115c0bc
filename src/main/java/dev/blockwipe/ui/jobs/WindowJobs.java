package dev.blockwipe.ui.jobs;

import dev.blockwipe.devices.Preflight;
import dev.blockwipe.devices.SharedScans;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.fault.FaultPolicy;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.schedule.JobScheduler;
import dev.blockwipe.report.CertifiedDevice;
import dev.blockwipe.report.Certifier;
import dev.blockwipe.report.Journal;
import dev.blockwipe.service.Admission;
import dev.blockwipe.service.WipeService;
import dev.blockwipe.ui.Services;
import dev.blockwipe.ui.tree.RowFactory;
import dev.blockwipe.ui.tree.RowFacts;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The window's side of the {@link Admission} and the {@link WipeService}, the same the CLI uses.
 * The admission runs off the FX thread; its confirmation is the window's dialog, asked on the FX
 * thread about the targets it has opened, while the admission's thread waits for the answer and
 * holds them: the descriptor that was judged, shown and confirmed is the one the job writes, and no
 * path is opened a second time. What the service reports is handed to the FX thread.
 */
final class WindowJobs implements AutoCloseable {
    /** Running jobs are cancelled before the window closes; this is how long they get to stop. */
    private static final Duration WIND_DOWN = Duration.ofSeconds(30);

    private final Services services;
    private final Preflight preflight;
    private final Supplier<Certifier> certifier;
    private final WipeService<JobViewModel> service;
    /** The window quits: nothing new starts. */
    private volatile boolean closed;

    /** A target's part of a confirmed wipe: what to write, or null to go on from its journal; the owner's label. */
    record Order(WipeRequest request, String assetTag) {
    }

    /** What the user was shown of each opened target, and what they ordered for it. */
    private record Confirmed(List<RowFacts> shown, List<Order> orders) {
    }

    /**
     * @param certifier signs the certificates (it changes with the settings)
     * @param ended     called on the FX thread when a job has ended, however it ended
     */
    WindowJobs(Services services, Supplier<Certifier> certifier, Consumer<JobViewModel> ended) {
        this.services = services;
        this.certifier = certifier;
        // the jobs that check at the same moment right before their first write share one scan
        this.preflight = new Preflight(new SharedScans(services.inventory()));
        this.service = new WipeService<>(services.keystreams(), services.buffers(), services.jobThreads(),
                new WipeService.Listener<>() {
                    @Override
                    public void waiting(JobViewModel job, JobViewModel behind, String shared) {
                        services.fx().execute(() -> job.waitFor(behind.name(), shared));
                    }

                    @Override
                    public void ended(JobViewModel job, JobScheduler.Outcome<Certifier.Report> outcome) {
                        services.fx().execute(() -> {
                            done(job, outcome);
                            ended.accept(job);
                        });
                    }

                    @Override
                    public void closeFailed(JobViewModel job, IOException failure) {
                        services.fx().execute(() -> job.paperworkWarning("closing the device failed: "
                                + failure.getMessage()));
                    }
                });
    }

    /**
     * Takes {@code paths} through the admission off the FX thread and starts one job per target.
     * {@code ask} runs on the FX thread with the facts of the opened targets and returns one order
     * per target, or nothing when the user declined; {@code queued} gets the jobs on the FX thread
     * right before they are queued. The future completes on the FX thread with the jobs, or with why
     * nothing started (a {@link TargetRefusedException} NOT_CONFIRMED when the user declined).
     */
    CompletableFuture<List<JobViewModel>> start(List<String> paths, Function<List<RowFacts>, Optional<List<Order>>> ask,
                                                Consumer<List<JobViewModel>> queued) {
        CompletableFuture<List<JobViewModel>> started = new CompletableFuture<>();
        services.background().execute(() -> {
            try {
                AtomicReference<Confirmed> confirmed = new AtomicReference<>();
                List<Admission.Admitted> admitted = new Admission(services.opener(), preflight, false, Admission.Pause.NONE)
                        .admit(paths, candidates -> confirmed.set(askOnFx(candidates, ask)));
                planned(admitted, confirmed.get(), queued, started);
            } catch (IOException | RuntimeException e) {
                services.fx().execute(() -> started.completeExceptionally(e));
            }
        });
        return started;
    }

    /** The admission's confirmation: the question goes to the FX thread, and this thread waits for the answer. */
    private Confirmed askOnFx(List<Admission.Candidate> candidates, Function<List<RowFacts>, Optional<List<Order>>> ask)
            throws IOException {
        List<RowFacts> facts = new ArrayList<>();
        for (Admission.Candidate c : candidates) {
            facts.add(RowFactory.judged(c));
        }
        CompletableFuture<Optional<List<Order>>> answer = new CompletableFuture<>();
        services.fx().execute(() -> {
            try {
                answer.complete(ask.apply(facts));
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        });
        String path = candidates.get(0).info().path();
        try {
            return new Confirmed(facts, answer.get().orElseThrow(() -> new TargetRefusedException(path,
                    TargetRefusedException.Reason.NOT_CONFIRMED, "not confirmed")));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetRefusedException(path, TargetRefusedException.Reason.NOT_CONFIRMED,
                    "interrupted while the confirmation was asked");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    /**
     * The paperwork's part of the admitted targets (the certifier can work, the journals of the
     * wipes that go on), still off the FX thread; then the jobs start on it. Whatever does not
     * start is closed again.
     */
    private void planned(List<Admission.Admitted> admitted, Confirmed confirmed, Consumer<List<JobViewModel>> queued,
                         CompletableFuture<List<JobViewModel>> started) {
        List<Order> orders = confirmed.orders();
        List<WipeService.Wipe<JobViewModel>> wipes = new ArrayList<>();
        List<String> warnings;
        try {
            if (orders.size() != admitted.size()) {
                throw new IllegalStateException(orders.size() + " orders for " + admitted.size() + " targets");
            }
            Certifier papers = certifier.get();
            warnings = papers.requireStorage(admitted.size());
            for (int i = 0; i < admitted.size(); i++) {
                Admission.Admitted a = admitted.get(i);
                CertifiedDevice before = a.before(orders.get(i).assetTag());
                Journal journal = orders.get(i).request() != null ? null : papers.interrupted(a.target().info(), before)
                        .orElseThrow(() -> new IOException("nothing to resume: the journal of " + a.target().info().name()
                                + " is gone from " + papers.journalDir()));
                WipeRequest request = journal != null ? journal.request(FaultPolicy.DEFAULT) : orders.get(i).request();
                RowFacts shown = confirmed.shown().get(i);
                JobViewModel job = new JobViewModel(a.target().info().path(), shown.name(), shown.oneLine(), request,
                        a.queueKeys(), System::nanoTime, journal != null);
                wipes.add(new WipeService.Wipe<>(job, a, request, before, journal, papers, job, job.cancelToken()));
            }
        } catch (IOException | RuntimeException e) {
            Admission.closeAll(admitted.stream().map(Admission.Admitted::target).toList(), e::addSuppressed);
            services.fx().execute(() -> started.completeExceptionally(e));
            return;
        }
        services.fx().execute(() -> submit(wipes, warnings, queued, started));
    }

    /** FX thread. */
    private void submit(List<WipeService.Wipe<JobViewModel>> wipes, List<String> warnings,
                        Consumer<List<JobViewModel>> queued, CompletableFuture<List<JobViewModel>> started) {
        List<JobViewModel> jobs = wipes.stream().map(WipeService.Wipe::job).toList();
        if (closed) {
            Admission.closeAll(wipes.stream().map(w -> w.target().target()).toList(), e -> { });
            started.completeExceptionally(new TargetRefusedException(wipes.get(0).target().target().info().path(),
                    TargetRefusedException.Reason.NOT_CONFIRMED, "the window is quitting"));
            return;
        }
        jobs.forEach(j -> warnings.forEach(j::paperworkWarning));
        queued.accept(jobs);
        service.submit(wipes);
        started.complete(jobs);
    }

    /** Cancels a job: a running one stops after its current requests; a queued one never starts. */
    void cancel(JobViewModel job) {
        job.cancel();
        service.cancel(job);
    }

    /** FX thread. */
    private static void done(JobViewModel job, JobScheduler.Outcome<Certifier.Report> outcome) {
        if (outcome instanceof JobScheduler.Outcome.Done<Certifier.Report> d) {
            // the engine's last events first: its result's summary is the message that the
            // journal's "resumable" hint is added to (the frames drain only four times a second)
            job.drain();
            Certifier.Report c = d.value();
            if (c.files() != null) {
                job.certified(c.files());
            }
            if (c.files() == null) {
                job.uncertified("could not be written: " + c.uncertified() + (c.journalKept() && !c.resumable()
                        ? "; its journal is kept: Resume… on the row reads the device back and writes it" : ""));
            } else if (c.misplaced() != null) {
                job.uncertified("not in the reports directory: " + c.misplaced());
            }
            job.journal(c.resumable(), c.problems());
            job.reported(c.result());
        } else if (outcome instanceof JobScheduler.Outcome.Failed<Certifier.Report> f) {
            Throwable error = f.error();
            job.refused(error.getMessage() != null ? error.getMessage() : error.toString());
        } else {
            job.cancelledBeforeStart();
        }
    }

    /** Waits a while for running jobs (already cancelled) to wind down, then lets their threads go. */
    @Override
    public void close() {
        closed = true;
        try {
            service.awaitIdle(WIND_DOWN);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        service.close();
    }
}
