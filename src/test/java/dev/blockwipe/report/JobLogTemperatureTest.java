package dev.blockwipe.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.fault.Temperatures;
import dev.blockwipe.engine.job.WipeEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobLogTemperatureTest {
    @TempDir
    Path tmp;

    @Test
    void theLogSaysWhenWritesPauseForHeatAndWhenTheyGoOn() throws Exception {
        Path file = tmp.resolve("job.log");
        Files.createFile(file);
        try (JobLog log = new JobLog(file)) {
            log.on(new WipeEvent.Temperature(new Temperatures(1, 41, 41, 41, 60, List.of()), false));
            log.on(new WipeEvent.Temperature(new Temperatures(2, 41, 61, 61, 60, List.of()), true));
            log.on(new WipeEvent.Temperature(new Temperatures(3, 41, 61, 58, 60, List.of()), true));
            log.on(new WipeEvent.Temperature(new Temperatures(4, 41, 61, 55, 60, List.of()), false));
        }
        assertThat(Files.readAllLines(file)).hasSize(2)
                .anySatisfy(l -> assertThat(l).endsWith("writes paused: 61 °C above the 60 °C limit"))
                .anySatisfy(l -> assertThat(l).endsWith("writes go on at 55 °C"));
    }
}
