package dev.blockwipe.devices;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class NaturalOrderTest {
    @Test
    void devicesAreCountedNotSpelled() {
        List<String> shuffled = new ArrayList<>(List.of("loop2", "loop3", "loop10", "loop200", "nvme0n1", "nvme0n1p2",
                "nvme0n1p10", "nvme1n1", "sda", "sdaa", "sdb", "sdb1", "sdb2", "sdb10"));
        Collections.shuffle(shuffled, new Random(7));

        shuffled.sort(NaturalOrder.INSTANCE);

        assertThat(shuffled).containsExactlyElementsOf(List.of("loop2", "loop3", "loop10", "loop200", "nvme0n1",
                "nvme0n1p2", "nvme0n1p10", "nvme1n1", "sda", "sdaa", "sdb", "sdb1", "sdb2", "sdb10"));
    }

    @Test
    void longDigitRunsAndLeadingZerosAreOrderedWithoutOverflow() {
        assertThat(NaturalOrder.INSTANCE.compare("x99999999999999999999", "x100000000000000000000")).isNegative();
        assertThat(NaturalOrder.INSTANCE.compare("x2", "x02")).isNegative();
        assertThat(NaturalOrder.INSTANCE.compare("x02", "x2")).isPositive();
        assertThat(NaturalOrder.INSTANCE.compare("sdb", "sdb")).isZero();
    }
}
