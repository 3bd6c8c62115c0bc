package dev.blockwipe.devices;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Disposable test disks, so a new user or lab staff can try the whole flow without risking a real
 * disk. An interface so that the window offers, makes and removes them without depending on how
 * ({@code linux} attaches loop devices), and its view models are tested without root.
 */
public interface TestDisks {

    /** A test disk: its device and the image file behind it. */
    record TestDisk(String device, Path image) {
    }

    /** The tools making a test disk needs that this machine lacks; empty when it can make one. */
    List<String> missingTools();

    /** Makes a test disk. Blocks while the tools run. */
    TestDisk create() throws IOException;

    /** Takes {@code disk} away again, its image file included. Blocks while the tools run. */
    void remove(TestDisk disk) throws IOException;
}
