package dev.blockwipe.lab;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.PrintWriter;
import java.util.Arrays;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs scenario classes inside the lab's guest and prints each test as it ends, for the host to
 * read from the console: {@code LAB-TEST PASSED name}, {@code LAB-TEST FAILED name: why} with its
 * stack trace. A test that skips fails here: the guest is there to have what the scenarios need.
 * Exits 0 only when every test passed.
 */
public final class GuestMain {
    /** The most of a failure's text its LAB-TEST line carries. */
    private static final int ONE_LINE = 4000;

    private GuestMain() {
    }

    public static void main(String[] args) throws ClassNotFoundException {
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request();
        for (String name : args) {
            request.selectors(selectClass(Class.forName(name)));
        }
        LauncherDiscoveryRequest discovery = request.build();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        int[] skipped = {0};
        Launcher launcher = LauncherFactory.create();
        launcher.execute(discovery, summary, new TestExecutionListener() {
            @Override
            public void executionSkipped(TestIdentifier test, String reason) {
                skipped[0]++;
                System.out.println("LAB-TEST FAILED " + test.getDisplayName() + ": skipped in the guest: " + reason);
            }

            @Override
            public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                if (!test.isTest()) {
                    return;
                }
                String name = test.getDisplayName();
                if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
                    System.out.println("LAB-TEST PASSED " + name);
                } else {
                    Throwable why = result.getThrowable().orElse(null);
                    System.out.println("LAB-TEST FAILED " + name + ": " + (why == null ? result.getStatus() : oneLine(why)));
                    if (why != null) {
                        why.printStackTrace(System.out);
                    }
                }
            }
        });
        TestExecutionSummary s = summary.getSummary();
        s.printTo(new PrintWriter(System.out));
        long bad = s.getTotalFailureCount() + s.getTestsAbortedCount() + skipped[0];
        System.out.println("LAB-SUMMARY " + s.getTestsSucceededCount() + " passed, " + bad + " failed of "
                + Arrays.toString(args));
        System.out.flush();
        System.exit(bad == 0 && s.getTestsFoundCount() > 0 ? 0 : 1);
    }

    /**
     * A failure on the one line the host shows of it (the stack trace follows in the console only):
     * all of an assertion's message, its expected and actual values included, up to a few thousand characters.
     */
    private static String oneLine(Throwable why) {
        String text = String.valueOf(why).replaceAll("\\s*\\R\\s*", " ⏎ ");
        return text.length() <= ONE_LINE ? text : text.substring(0, ONE_LINE) + " …";
    }
}
