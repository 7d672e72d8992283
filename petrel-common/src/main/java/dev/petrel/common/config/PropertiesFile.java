package dev.petrel.common.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/** Reads RocketMQ-style {@code .conf}/{@code .properties} files (java.util.Properties syntax, UTF-8). */
public final class PropertiesFile {

    private PropertiesFile() {
    }

    public static Map<String, String> read(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new ConfigException("cannot read configuration file " + file.toAbsolutePath() + ": " + e.getMessage(), e);
        }
        Map<String, String> raw = new LinkedHashMap<>();
        for (String name : properties.stringPropertyNames()) {
            raw.put(name, properties.getProperty(name).trim());
        }
        return raw;
    }

    /** Parses the text of a properties document (for example the body of UPDATE_BROKER_CONFIG). */
    public static Map<String, String> parse(String text) {
        Properties properties = new Properties();
        try {
            properties.load(new java.io.StringReader(text));
        } catch (IOException e) {
            throw new ConfigException("malformed properties text: " + e.getMessage(), e);
        }
        Map<String, String> raw = new LinkedHashMap<>();
        for (String name : properties.stringPropertyNames()) {
            raw.put(name, properties.getProperty(name).trim());
        }
        return raw;
    }
}
