package dev.blockwipe.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConfirmationWordTest {
    @Test
    void oneTargetIsConfirmedByItsName() {
        assertThat(ConfirmationWord.expected(List.of("sdb1"))).isEqualTo("sdb1");
    }

    @Test
    void aDiskAndAPartitionAreTwoTargetsNotTwoDisks() {
        assertThat(ConfirmationWord.expected(List.of("sdb", "sdc1"))).isEqualTo("WIPE 2 TARGETS");
    }

    @Test
    void nothingToConfirmIsAMistake() {
        assertThatThrownBy(() -> ConfirmationWord.expected(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void onlyTheExactWordConfirmsWhiteSpaceAroundItAside() {
        assertThat(ConfirmationWord.matches(" \tWIPE 2 TARGETS\n", "WIPE 2 TARGETS")).isTrue();
        assertThat(ConfirmationWord.matches("wipe 2 targets", "WIPE 2 TARGETS")).isFalse();
        assertThat(ConfirmationWord.matches("WIPE  2 TARGETS", "WIPE 2 TARGETS")).isFalse();
        assertThat(ConfirmationWord.matches(null, "sdb")).as("no answer (end of input)").isFalse();
    }
}
