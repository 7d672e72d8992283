package dev.petrel.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.NoRouteException;
import dev.petrel.embedded.EmbeddedPetrel;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.testkit.Await;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;

/**
 * The dashboard's pages in a real headless Chromium against a real in-process broker with a known workload
 * ({@link Workload}, plus 1,000 more topics): each page loads without a console error, shows the workload's facts,
 * labels every control, and the create-topic, create/update/delete-group, reset-offset, search, resend and send flows
 * work by clicking; the canary page shows a canary of this process. Each page
 * is photographed (docs/images/ with -Dpetrel.regenerateDocs=true). One browser, one broker, one dashboard for the
 * class; every test leaves the page it used.
 */
class DashboardBrowserTest {

    private static final int EXTRA_TOPICS = 1000;

    private static Browser browser;
    private static Workload work;
    private static DashboardServer dashboard;
    private static DashboardServer readOnly;
    private static String url;
    /** The canary whose report the dashboard's canary page shows; none until the canary test starts one. */
    private static final java.util.concurrent.atomic.AtomicReference<dev.petrel.canary.Canary> CANARY =
        new java.util.concurrent.atomic.AtomicReference<>();

    @BeforeAll
    static void start() throws Exception {
        // Chromium starts (another process) while the broker and the workload start in this one
        java.util.concurrent.CompletableFuture<Browser> starting =
            java.util.concurrent.CompletableFuture.supplyAsync(Browser::start);
        try {
            work = new Workload();
            work.createTopics("Bulk", EXTRA_TOPICS);
        } finally {
            browser = Browser.await(starting);
        }
        int limit = DashboardConfig.MAX_REQUEST_BYTES.defaultValue();
        dashboard = new DashboardServer(work.dashboard(false, limit)).canary(() ->
            java.util.Optional.ofNullable(CANARY.get()).map(dev.petrel.canary.Canary::report)).start();
        readOnly = new DashboardServer(work.dashboard(true, limit)).start();
        url = "http://127.0.0.1:" + dashboard.port();
    }

    @AfterAll
    static void stop() throws Exception {
        Workload.closeAll(CANARY.get(), browser, readOnly, dashboard, work);
    }

    /** No page may log an error, and every form control must have a label a screen reader can read. */
    @AfterEach
    void thePageStayedClean() {
        assertThat(browser.errors()).as("console errors on " + browser.driver.getCurrentUrl()).isEmpty();
        @SuppressWarnings("unchecked")
        List<String> unlabelled = (List<String>) browser.js("return [...document.querySelectorAll('input, select, "
            + "textarea')].filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label')"
            + " && !e.getAttribute('aria-labelledby')).map(e => e.outerHTML)");
        assertThat(unlabelled).as("controls without a label").isEmpty();
    }

    private static void waitText(String id, String expected) {
        browser.until("#" + id + " to show '" + expected + "'", d -> browser.text(id).contains(expected));
    }

    private static void type(String id, String text) {
        WebElement e = browser.id(id);
        e.clear();
        e.sendKeys(text);
    }

    @Test
    void overviewShowsTheBrokerAndAKeyboardUserCanSkipToTheContent() {
        browser.open(url + "/");

        waitText("brokers", EmbeddedPetrel.BROKER_NAME);
        assertThat(browser.text("brokers")).contains("MASTER", work.petrel.brokerAddr(), EmbeddedPetrel.CLUSTER);
        assertThat(browser.text("card-ns")).isEqualTo(work.ns());
        assertThat(browser.driver.findElements(By.cssSelector("#tps-chart canvas"))).isNotEmpty();
        browser.screenshot("overview");
        browser.js("if (document.activeElement) document.activeElement.blur()");
        new Actions(browser.driver).sendKeys(Keys.TAB).perform();
        assertThat(browser.driver.switchTo().activeElement().getText()).isEqualTo("Skip to content");
    }

    @Test
    void topicsPageListsAThousandTopicsQuicklyAndOpensATopicsDetailByClicking() {
        Http http = new Http(dashboard.port());
        long[] api = new long[7];
        for (int i = 0; i < api.length; i++) {
            long t0 = System.nanoTime();
            assertThat(http.get("/api/topics").data()).containsKey("topics");
            api[i] = System.nanoTime() - t0;
        }
        java.util.Arrays.sort(api);
        browser.open(url + "/topics.html");
        double ready = browser.readyMillis();
        String firstParts = browser.timings();
        // three loads more (scripts cached and compiled, as for an operator moving between pages): the median one
        double[] later = new double[3];
        String[] parts = new String[later.length];
        for (int i = 0; i < later.length; i++) {
            browser.open(url + "/topics.html");
            later[i] = browser.readyMillis();
            parts[i] = String.format("%.0f ms: %s", later[i], browser.timings());
        }
        double again = later[0];
        java.util.Arrays.sort(later);
        String median = java.util.Arrays.stream(parts).filter(p -> p.startsWith(String.format("%.0f ms", later[1])))
            .findFirst().orElse("");
        System.out.printf("GET /api/topics with %d+ topics: median %.1f ms; topics page ready in %.0f ms (first: %s); "
            + "later loads %.0f / %.0f / %.0f ms (median: %s)%n", EXTRA_TOPICS, api[api.length / 2] / 1e6, ready,
            firstParts, later[0], later[1], later[2], median);
        assertThat(Integer.parseInt(browser.id("topics").getDomAttribute("data-count"))).isGreaterThan(EXTRA_TOPICS);
        // generous: the claim (under 200 ms on a laptop) is measured and documented, not timed in CI
        assertThat(again).isLessThan(5000);
        browser.screenshot("topics");

        // sorting from the keyboard: focus the Topic header, Enter sorts ascending, Enter again descending
        WebElement header = browser.driver.findElement(By.cssSelector("#topics .tabulator-col[tabulator-field='c0']"));
        header.sendKeys(Keys.ENTER);
        browser.until("ascending", d -> "ascending".equals(header.getDomAttribute("aria-sort")));
        header.sendKeys(Keys.ENTER);
        browser.until("descending", d -> "descending".equals(header.getDomAttribute("aria-sort")));
        assertThat(browser.driver.findElement(By.cssSelector("#topics .tabulator-row .tabulator-cell")).getText())
            .isEqualTo(Workload.RESEND); // the last name of all: DashResend > DashOrders > Bulk…

        WebElement filter = browser.id("topics-filter");
        filter.sendKeys(Workload.TOPIC);
        browser.until("the filter to narrow the list", d -> d.findElements(By.cssSelector("#topics .tabulator-row")).size() == 1);
        browser.driver.findElement(By.linkText(Workload.TOPIC)).click();
        browser.until("the topic's detail", d -> Workload.TOPIC.equals(browser.id("topic-detail").getDomAttribute("data-loaded")));
        String queues = browser.text("detail-queues");
        assertThat(queues).contains(EmbeddedPetrel.BROKER_NAME);
        assertThat(browser.driver.findElements(By.cssSelector("#detail-queues .tabulator-row"))).hasSize(Workload.QUEUES);
        assertThat(browser.text("detail-facts")).contains("Messages stored").contains(String.valueOf(Workload.MESSAGES));
        // the lagging group's lag, 3, next to its name
        WebElement lagging = browser.driver.findElement(By.xpath("//div[@id='detail-groups']//div[contains(@class, "
            + "'tabulator-row')][.//a[text()='" + Workload.LAGGING + "']]"));
        assertThat(lagging.findElements(By.cssSelector(".tabulator-cell")).get(1).getText())
            .isEqualTo(String.valueOf(Workload.LAG));
        browser.screenshot("topic-detail");
    }

    @Test
    void createAndUpdateATopicByClicking() {
        browser.open(url + "/topics.html");
        type("new-topic", "BrowserCreated");
        type("new-read", "2");
        type("new-write", "2");
        browser.id("create-submit").click();

        waitText("status", "BrowserCreated created or updated on " + work.petrel.brokerAddr());
        TopicRouteData route = Await.value(Workload.WAIT, "the new topic's route", () -> {
            try {
                return work.admin.topicRoute("BrowserCreated");
            } catch (NoRouteException e) {
                return null;
            }
        }, r -> r != null);
        assertThat(route.queueDatas().get(0).readQueueNums()).isEqualTo(2);
        browser.until("the list to show the new topic", d -> browser.text("topics").contains("BrowserCreated"));

        // update: the detail's button fills the form with the topic's figures
        browser.open(url + "/topics.html?topic=BrowserCreated");
        browser.id("edit-topic").click();
        assertThat(browser.id("new-topic").getDomProperty("value")).isEqualTo("BrowserCreated");
        assertThat(browser.id("new-read").getDomProperty("value")).isEqualTo("2");
        type("new-read", "3");
        type("new-write", "3");
        browser.id("create-submit").click();
        waitText("status", "with 3 read and 3 write queues");
        Await.value(Workload.WAIT, "the updated route", () -> work.admin.topicRoute("BrowserCreated"),
            r -> r.queueDatas().get(0).readQueueNums() == 3);
    }

    @Test
    void groupsPageShowsLagAndResetsAnOffsetByClicking() {
        work.caughtUpGroup("dash-browser-reset");
        browser.open(url + "/groups.html");
        waitText("groups", Workload.LAGGING);
        browser.screenshot("groups");

        browser.driver.findElement(By.linkText(Workload.LAGGING)).click();
        browser.until("the group's detail", d -> Workload.LAGGING.equals(browser.id("group-detail").getDomAttribute("data-loaded")));
        assertThat(browser.id("group-detail").getDomAttribute("data-lag")).isEqualTo(String.valueOf(Workload.LAG));
        assertThat(browser.text("group-facts")).contains("Total lag").contains("no member connected");
        assertThat(browser.driver.findElements(By.cssSelector("#lag-chart canvas"))).isNotEmpty();
        browser.screenshot("group-detail");

        browser.open(url + "/groups.html?group=dash-browser-reset");
        assertThat(browser.id("group-detail").getDomAttribute("data-lag")).isEqualTo("0");
        browser.id("mode-earliest").click();
        browser.id("reset-submit").click();
        waitText("status", "Offsets of dash-browser-reset on " + Workload.TOPIC + " reset (4 queues)");
        browser.until("the lag to be the whole topic", d -> String.valueOf(Workload.MESSAGES)
            .equals(browser.id("group-detail").getDomAttribute("data-lag")));
        assertThat(work.admin.consumerOffset("dash-browser-reset",
            new MessageQueue(Workload.TOPIC, EmbeddedPetrel.BROKER_NAME, 0))).isZero();
    }

    @Test
    void createUpdateAndDeleteAConsumerGroupByClicking() {
        String group = "dash-browser-group";
        browser.open(url + "/groups.html");
        type("new-group", group);
        type("new-retries", "5");
        browser.id("new-orderly").click();
        browser.id("group-submit").click();
        waitText("status", "Group " + group + " created or updated on " + work.petrel.brokerAddr() + " with at most 5 "
            + "retries");
        try (dev.petrel.admin.AdminClient admin = new dev.petrel.admin.AdminClient(work.ns(), Workload.WAIT)) {
            dev.petrel.protocol.body.subscription.SubscriptionGroupConfig c =
                admin.groupConfigs(work.petrel.brokerAddr()).get(group);
            assertThat(c).isNotNull();
            assertThat(c.retryMaxTimes()).isEqualTo(5);
            assertThat(c.consumeMessageOrderly()).isTrue();
            browser.until("the list to show the new group", d -> browser.text("groups").contains(group));

            // update from the detail (its button fills the form), then delete it there in two clicks
            browser.open(url + "/groups.html?group=" + group);
            browser.id("edit-group").click();
            assertThat(browser.id("new-group").getDomProperty("value")).isEqualTo(group);
            assertThat(browser.id("new-retries").getDomProperty("value")).isEqualTo("5");
            type("new-retries", "7");
            browser.id("group-submit").click();
            waitText("status", "with at most 7 retries");
            assertThat(admin.groupConfigs(work.petrel.brokerAddr()).get(group).retryMaxTimes()).isEqualTo(7);

            browser.id("delete-group").click();
            browser.id("delete-group-confirm").click();
            waitText("status", "Deleted group " + group + " from " + EmbeddedPetrel.BROKER_NAME);
            assertThat(admin.groupConfigs(work.petrel.brokerAddr())).doesNotContainKey(group);
            assertThat(browser.id("group-detail").isDisplayed()).isFalse();
        }
    }

    @Test
    void canaryPageShowsTheReportOfTheCanaryOfTheProcess() {
        browser.open(url + "/canary.html");
        waitText("status", "no canary runs in this process");

        CANARY.set(dev.petrel.canary.Canary.start(dev.petrel.canary.CanaryConfig.Settings.defaults(work.ns())
            .withTopic("CanaryDash").withQueueNums(2)
            .withTimings(java.time.Duration.ofMillis(50), java.time.Duration.ofSeconds(30),
                java.time.Duration.ofMillis(200)), dev.petrel.common.time.Clock.system()));
        Await.until(Workload.WAIT, "the canary to receive 5 messages on each of its 2 queues", () -> {
            dev.petrel.canary.CanaryReport.BrokerReport b = CANARY.get().report().broker(EmbeddedPetrel.BROKER_NAME);
            return b != null && b.queues().size() == 2 && b.queues().stream().allMatch(q -> q.counts().received() >= 5);
        });
        browser.open(url + "/canary.html");
        assertThat(browser.id("main").getDomAttribute("data-running")).isEqualTo("true");
        assertThat(browser.text("card-lost")).isEqualTo("0");
        assertThat(browser.text("card-duplicated")).isEqualTo("0");
        assertThat(browser.text("canary-facts")).contains("CanaryDash",
            dev.petrel.canary.CanaryMessage.hex(CANARY.get().runId()));
        assertThat(browser.text("canary-brokers")).contains(EmbeddedPetrel.BROKER_NAME);
        assertThat(browser.driver.findElements(By.cssSelector("#canary-queues .tabulator-row"))).hasSize(2);
        assertThat(Long.parseLong(browser.id("canary-brokers").getDomAttribute("data-received"))).isGreaterThanOrEqualTo(10);
        assertThat(browser.driver.findElements(By.cssSelector("#canary-chart canvas"))).isNotEmpty();
        browser.screenshot("canary");
        CANARY.get().close(); // the other tests need no canary traffic; the page keeps showing its last report
    }

    @Test
    void searchByKeyOpensTheDetailAndShowsTheBodyAsText() {
        browser.open(url + "/messages.html");
        type("k-topic", Workload.TOPIC);
        type("k-key", "order-5");
        browser.id("k-submit").click();
        browser.until("one result", d -> "1".equals(browser.id("results").getDomAttribute("data-count")));
        browser.driver.findElement(By.linkText(work.sent.get(5).msgId())).click();

        browser.until("the message's detail", d -> work.sent.get(5).msgId()
            .equals(browser.id("message-detail").getDomAttribute("data-loaded")));
        // the body's markup is shown as text, not run or rendered
        assertThat(browser.js("return document.getElementById('message-body').textContent")).isEqualTo(Workload.body(5));
        assertThat(browser.js("return document.querySelectorAll('#message-body *').length")).isEqualTo(0L);
        assertThat(browser.js("return window.pwned === undefined")).isEqualTo(true);
        assertThat(browser.text("message-tracks")).contains(Workload.LAGGING, "CONSUMED");
        assertThat(browser.text("message-props")).contains("KEYS", "order-5");
        browser.screenshot("message-detail");
        browser.id("body-hex").click();
        assertThat(browser.text("message-body")).startsWith("3c 62 3e");
    }

    @Test
    void searchByIdThenResendByClicking() {
        browser.open(url + "/messages.html");
        type("i-topic", Workload.RESEND);
        type("i-id", work.resendable.msgId());
        browser.id("i-submit").click();
        browser.until("the message's detail", d -> work.resendable.msgId()
            .equals(browser.id("message-detail").getDomAttribute("data-loaded")));

        browser.id("resend").click();
        browser.until("the resend's outcome", d -> browser.id("resend-result").getDomAttribute("data-msg-id") != null);
        String copy = browser.id("resend-result").getDomAttribute("data-msg-id");
        assertThat(copy).isNotEqualTo(work.resendable.msgId());
        ReceivedMessage m = work.admin.viewMessage(Workload.RESEND, copy);
        assertThat(m.bodyAsString()).isEqualTo("resend <em>me</em>");
        assertThat(m.keys()).containsExactly("resend-me");
        assertThat(browser.text("resend-result")).contains("Resent to " + Workload.RESEND);
    }

    @Test
    void searchByTopicAndTimeListsTheTopicsMessages() {
        browser.open(url + "/messages.html");
        type("t-topic", Workload.TOPIC);
        browser.js("document.getElementById('t-begin').value = '2000-01-01T00:00:00'");
        browser.id("t-submit").click();
        browser.until("the topic's messages", d -> {
            String n = browser.id("results").getDomAttribute("data-count");
            return n != null && Integer.parseInt(n) >= Workload.MESSAGES;
        });
        assertThat(browser.text("results")).contains(work.sent.get(0).msgId());
        browser.screenshot("messages");
    }

    @Test
    void sendATestMessageByClicking() {
        browser.open(url + "/send.html?topic=" + Workload.RESEND);
        assertThat(browser.id("s-topic").getDomProperty("value")).isEqualTo(Workload.RESEND);
        type("s-tag", "TagB");
        type("s-key", "browser-sent");
        type("s-body", "sent from the browser <u>test</u>");
        browser.id("s-submit").click();

        browser.until("the send's outcome", d -> browser.id("sent").getDomAttribute("data-msg-id") != null);
        String msgId = browser.id("sent").getDomAttribute("data-msg-id");
        ReceivedMessage m = work.admin.viewMessage(Workload.RESEND, msgId);
        assertThat(m.bodyAsString()).isEqualTo("sent from the browser <u>test</u>");
        assertThat(m.keys()).containsExactly("browser-sent");
        assertThat(m.tags()).isEqualTo("TagB");
        assertThat(browser.text("status")).contains("SEND_OK");
        browser.screenshot("send");
    }

    @Test
    void producersPageShowsTheLiveProducer() {
        browser.open(url + "/producers.html?group=" + Workload.PRODUCER + "&topic=" + Workload.TOPIC);
        waitText("producers", work.producer.clientId());
        assertThat(browser.text("producers")).contains("JAVA");
        browser.screenshot("producers");
    }

    @Test
    void deadLetterPageListsTheGroupsDeadLetters() {
        browser.open(url + "/dlq.html?group=" + Workload.LAGGING);
        browser.until("one dead letter", d -> "1".equals(browser.id("dlq").getDomAttribute("data-count")));
        assertThat(browser.text("dlq")).contains(work.deadLetter.msgId(), Workload.DLQ);
        browser.screenshot("dlq");
    }

    @Test
    void aReadOnlyDashboardSaysSoAndDisablesItsForms() {
        browser.open("http://127.0.0.1:" + readOnly.port() + "/topics.html");
        assertThat(browser.driver.findElement(By.cssSelector("p.banner")).getText()).contains("read-only");
        assertThat(browser.id("create-submit").isEnabled()).isFalse();
        assertThat(browser.id("new-topic").isEnabled()).isFalse();
        browser.open("http://127.0.0.1:" + readOnly.port() + "/groups.html?group=" + Workload.LAGGING);
        browser.until("the banner", d -> !d.findElements(By.cssSelector("p.banner")).isEmpty());
        assertThat(browser.id("group-submit").isEnabled()).isFalse();
        assertThat(browser.id("new-group").isEnabled()).isFalse();
        assertThat(browser.id("delete-group").isEnabled()).isFalse();
    }
}
