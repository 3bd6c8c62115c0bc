package dev.blockwipe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.engine.fault.Temperatures;
import dev.blockwipe.engine.job.WipeEvent;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonLinesTemperatureTest {
    @Test
    void aReadingIsOneTemperatureLine() throws Exception {
        StringWriter out = new StringWriter();
        new JsonLines(new PrintWriter(out, true))
                .on(new WipeEvent.Temperature(new Temperatures(2, 41, 61, 61, 60, List.of()), true));

        JsonNode line = new ObjectMapper().readTree(out.toString());
        assertThat(line.get("event").asText()).isEqualTo("temperature");
        assertThat(line.get("celsius").asInt()).isEqualTo(61);
        assertThat(line.get("maxCelsius").asInt()).isEqualTo(61);
        assertThat(line.get("paused").asBoolean()).isTrue();
        assertThat(line.get("text").asText()).isEqualTo("paused: 61 °C above the 60 °C limit");
    }
}
