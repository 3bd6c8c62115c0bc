package dev.blockwipe.linux;

import dev.blockwipe.engine.io.Thermometer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;

/**
 * A drive's temperature as the kernel's hwmon class exposes it: {@code temp1_input}, in
 * millidegrees Celsius, found from the disk's sysfs directory (itself found by the descriptor's
 * device number, see {@link SysfsBlock}).
 * <ul>
 *   <li>SATA and SAS disks with the {@code drivetemp} driver: the hwmon device hangs below the SCSI
 *       device, which is not a class device, so sysfs puts it in a {@code hwmon/} directory there:
 *       {@code block/sda/device/hwmon/hwmonN}.</li>
 *   <li>NVMe (CONFIG_NVME_HWMON): the hwmon device's parent is the controller, a class device, so it
 *       sits right in the controller's directory ({@code class/nvme/nvme0/hwmonN}), which a
 *       namespace's {@code device} link leads to; temp1 is the composite temperature.</li>
 *   <li>NVMe with native multipath: the namespace's {@code device} is the subsystem, which has no
 *       sensor; each path in {@code multipath/} lives below one controller, and the first
 *       controller with a sensor answers.</li>
 * </ul>
 * Loop devices, image files and drives without such a driver have none.
 */
final class HwmonThermometer implements Thermometer {
    private static final String INPUT = "temp1_input";

    private final Path input;

    private HwmonThermometer(Path input) {
        this.input = input;
    }

    /** The sensor of the disk whose sysfs directory is {@code diskDir}, or {@link Thermometer#NONE}. */
    static Thermometer of(Path diskDir) {
        Path device = diskDir.resolve("device");
        return firstInput(device.resolve("hwmon"))
                .or(() -> firstInput(device))
                .or(() -> multipathInput(diskDir.resolve("multipath")))
                .<Thermometer>map(HwmonThermometer::new)
                .orElse(Thermometer.NONE);
    }

    /** Reads now; empty when the drive does not answer (drivetemp fails while a disk spins up or sleeps). */
    @Override
    public OptionalInt celsius() {
        try {
            return parse(Files.readString(input));
        } catch (IOException e) {
            return OptionalInt.empty();
        }
    }

    /** Millidegrees to whole degrees, rounded; empty when it is not a number. */
    static OptionalInt parse(String millidegrees) {
        try {
            return OptionalInt.of(Math.toIntExact(Math.floorDiv(Long.parseLong(millidegrees.trim()) + 500, 1000)));
        } catch (NumberFormatException | ArithmeticException e) {
            return OptionalInt.empty();
        }
    }

    /** temp1_input of the lowest-numbered hwmonN directly in {@code dir}. */
    private static Optional<Path> firstInput(Path dir) {
        return children(dir).stream()
                .filter(p -> p.getFileName().toString().matches("hwmon\\d+"))
                .sorted(Comparator.comparingInt(p -> Integer.parseInt(p.getFileName().toString().substring(5))))
                .map(p -> p.resolve(INPUT))
                .filter(Files::isRegularFile)
                .findFirst();
    }

    private static Optional<Path> multipathInput(Path multipath) {
        return children(multipath).stream().sorted()
                .map(HwmonThermometer::controllerOf)
                .flatMap(Optional::stream)
                .map(HwmonThermometer::firstInput)
                .flatMap(Optional::stream)
                .findFirst();
    }

    /** A path device (nvme0c0n1) lives in its controller's directory. */
    private static Optional<Path> controllerOf(Path pathDevice) {
        try {
            return Optional.ofNullable(pathDevice.toRealPath().getParent());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static List<Path> children(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
