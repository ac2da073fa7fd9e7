/** Webhook POSTs over HTTP ({@link org.crs.bar.adapter.webhook.HttpWebhookTransport}). */
package org.crs.bar.adapter.webhook;
