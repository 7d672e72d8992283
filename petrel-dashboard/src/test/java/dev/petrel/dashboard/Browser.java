package dev.petrel.dashboard;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.logging.Level;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * One headless Chromium (Debian's {@code chromium} and {@code chromium-driver}) driven by Selenium for a test class,
 * with a fresh profile. Every page it opens records, before any of the page's scripts run, each console error,
 * uncaught error, unhandled rejection, failed resource and Content-Security-Policy violation in
 * {@code window.__petrelErrors}; {@link #errors()} returns those plus the browser log's SEVERE entries.
 *
 * <p>Without the browser: in CI ({@code -Dpetrel.browser.required=true}, which .ci/run passes, or {@code CI=true})
 * {@link #start} fails the class; elsewhere it aborts it with a message on stderr (reported as skipped).
 */
final class Browser implements AutoCloseable {

    static final Duration WAIT = Duration.ofSeconds(60);

    private static final String RECORDER = String.join("\n",
        "(() => {",
        "  const errors = window.__petrelErrors = [];",
        "  const original = console.error.bind(console);",
        "  console.error = (...a) => { errors.push('console.error: ' + a.map(String).join(' ')); original(...a); };",
        "  window.addEventListener('error', (e) => {",
        "    const t = e.target;",
        "    errors.push(t && t !== window && (t.src || t.href) ? 'failed to load ' + (t.src || t.href)",
        "      : 'uncaught: ' + e.message);",
        "  }, true);",
        "  window.addEventListener('unhandledrejection', (e) => errors.push('unhandled rejection: ' + e.reason));",
        "  document.addEventListener('securitypolicyviolation', (e) =>",
        "    errors.push('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));",
        "})();");

    final ChromeDriver driver;
    private final Path profile;

    private Browser(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    static boolean required() {
        return Boolean.getBoolean("petrel.browser.required") || "true".equalsIgnoreCase(System.getenv("CI"));
    }

    static Browser start() {
        Path chromium = onPath("chromium", "chromium-browser");
        Path chromedriver = onPath("chromedriver");
        if (chromium == null || chromedriver == null) {
            String why = "the browser tests need Debian's chromium and chromium-driver (apt-get install -y chromium "
                + "chromium-driver); found chromium=" + chromium + ", chromedriver=" + chromedriver;
            if (required()) {
                Assertions.fail(why + " (petrel.browser.required / CI: missing browser is a failure)");
            }
            System.err.println("SKIPPING the dashboard's browser tests: " + why);
            Assumptions.abort(why);
        }
        Path profile;
        try {
            profile = Files.createTempDirectory("petrel-chromium-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--window-size=1366,1000", "--lang=en-US");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
            .usingDriverExecutable(chromedriver.toFile()).usingAnyFreePort().build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.<String, Object>of("source", RECORDER));
        driver.manage().timeouts().scriptTimeout(WAIT);
        return new Browser(driver, profile);
    }

    /**
     * The browser {@link #start} made on another thread; its failure or abort (no browser) is rethrown here, as
     * {@link #start} would have thrown it.
     */
    static Browser await(java.util.concurrent.CompletableFuture<Browser> starting) throws Exception {
        try {
            return starting.get();
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw (Error) e.getCause();
        }
    }

    private static Path onPath(String... names) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            for (String name : names) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        return null;
    }

    /** Opens {@code url} and waits until the page says it shows its first data ({@code body[data-ready]}). */
    void open(String url) {
        driver.get(url);
        until("the page " + url + " to be ready", d -> "true".equals(d.findElement(By.tagName("body"))
            .getDomAttribute("data-ready")));
    }

    <T> T until(String what, Function<WebDriver, T> condition) {
        return new WebDriverWait(driver, WAIT).withMessage(what).ignoring(WebDriverException.class).until(condition);
    }

    WebElement id(String id) {
        return driver.findElement(By.id(id));
    }

    String text(String id) {
        return id(id).getText();
    }

    Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /** The page's recorded errors and the browser log's SEVERE entries since the last call. */
    @SuppressWarnings("unchecked")
    List<String> errors() {
        List<String> out = new ArrayList<>((List<String>) js("return window.__petrelErrors || []"));
        try {
            for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
                if (e.getLevel().intValue() >= Level.SEVERE.intValue()) {
                    out.add("browser log: " + e.getMessage());
                }
            }
        } catch (WebDriverException | UnsupportedOperationException e) {
            // a driver without the log endpoint: the recorder's list stands alone
        }
        return out;
    }

    /** Milliseconds from the navigation's start to the page's first data ({@code petrel-ready} mark). */
    double readyMillis() {
        return ((Number) js("return performance.getEntriesByName('petrel-ready')[0].startTime")).doubleValue();
    }

    /**
     * Where the last page's time went (Navigation and Resource Timing): the HTML's response end, DOMContentLoaded
     * (the deferred scripts have run), the start and end of each API call and of each table's build, in ms from the
     * navigation's start.
     */
    String timings() {
        return String.valueOf(js("const n = performance.getEntriesByType('navigation')[0];"
            + "const api = performance.getEntriesByType('resource').filter(r => r.name.includes('/api/'))"
            + "  .map(r => r.name.replace(/^.*\\/api\\//, '') + ' ' + r.startTime.toFixed(0) + '-' + r.responseEnd.toFixed(0));"
            + "const tables = performance.getEntriesByType('measure').filter(m => m.name.startsWith('petrel-table-'))"
            + "  .map(m => m.name.substring(13) + ' table ' + m.startTime.toFixed(0) + '-' + (m.startTime + m.duration).toFixed(0));"
            + "return 'html ' + n.responseEnd.toFixed(0) + ', scripts run ' + n.domContentLoadedEventEnd.toFixed(0)"
            + "  + ', ' + api.concat(tables).join(', ');"));
    }

    /**
     * Saves a PNG of the window as {@code target/screenshots/<name>.png}, and as {@code docs/images/<name>.png} when
     * {@code -Dpetrel.regenerateDocs=true} (the switch that regenerates docs/configuration.md).
     */
    void screenshot(String name) {
        byte[] png = driver.getScreenshotAs(OutputType.BYTES);
        try {
            Path target = Path.of("target", "screenshots");
            Files.createDirectories(target);
            Files.write(target.resolve(name + ".png"), png);
            if (Boolean.getBoolean("petrel.regenerateDocs")) {
                Path docs = Path.of(System.getProperty("petrel.docs.dir", "../docs"), "images");
                Files.createDirectories(docs);
                Files.write(docs.resolve(name + ".png"), png);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            try (var files = Files.walk(profile)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                // a temporary profile left behind is harmless
            }
        }
    }
}
