package dev.blockwipe.tui;

import dev.blockwipe.engine.Units;
import dev.blockwipe.ui.jobs.JobState;
import dev.blockwipe.ui.jobs.JobViewModel;
import java.util.ArrayList;
import java.util.List;

/**
 * The jobs of the window's {@link dev.blockwipe.ui.jobs.JobsModel} as lines of text: one per job
 * with its progress, speed, time left and state, and after they ended, a summary of each with
 * where its certificate is.
 */
final class JobLines {
    private JobLines() {
    }

    /** "loop7       zero         42%  1.2 GB/s    ETA 3 s       pass 1/1 writing": the rate over the last second. */
    static String format(JobViewModel job, int width) {
        JobState state = job.stateProperty().get();
        double p = job.progressProperty().get();
        String percent = p < 0 ? "--" : (int) Math.floor(p * 100) + "%";
        String what = state.finished() ? state.name() + " · " + job.stageProperty().get()
                : state == JobState.QUEUED ? job.messageProperty().get()
                : state == JobState.CANCELLING ? "cancelling" : job.stageProperty().get();
        String head = Text.fit(Units.printable(job.name()), 11) + " " + Text.fit(job.request().method().name(), 11) + " "
                + String.format("%4s", percent) + "  ";
        if (state.finished()) {
            // no speed and no time left: the state and how long it took get their room
            return Text.fit(head + what, width);
        }
        String speed = state == JobState.RUNNING ? Units.rate(job.rateProperty().get()) : "";
        return Text.fit(head + Text.fit(speed, 11) + " " + Text.fit(job.etaProperty().get(), 13) + " " + what, width);
    }

    /** The paperwork of a finished job is in: its certificate, or why there is none. */
    static boolean settled(JobViewModel job) {
        return job.stateProperty().get().finished() && (job.certificateProperty().get() != null
                || !job.certificateProblemProperty().get().isEmpty());
    }

    /**
     * Each job's final state and result, and where its certificate is (PDF and signed JSON), or
     * why it has none (yet).
     */
    static List<String> summary(List<JobViewModel> jobs) {
        List<String> lines = new ArrayList<>();
        for (JobViewModel job : jobs) {
            JobState state = job.stateProperty().get();
            lines.add(Units.printable(job.name()) + ": " + (state.finished() ? state.name() : state.label() + " ..."));
            if (state.finished()) {
                lines.add("  " + job.messageProperty().get());
            }
            var files = job.certificateProperty().get();
            if (files != null) {
                lines.add("  PDF:  " + files.pdf());
                lines.add("  JSON: " + files.json());
            } else if (!job.certificateProblemProperty().get().isEmpty()) {
                lines.add("  no certificate: " + job.certificateProblemProperty().get());
            } else if (state.finished()) {
                lines.add("  certificate: being written");
            }
        }
        return lines;
    }
}
