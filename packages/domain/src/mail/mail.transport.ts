import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import nodemailer from "nodemailer";
import type { MailConfig } from "../shared/mail-config";

export type { MailConfig } from "../shared/mail-config";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export async function deliver(config: MailConfig, mail: OutgoingMail): Promise<void> {
  switch (config.driver) {
    case "outbox":
      return;
    case "smtp": {
      const transport = nodemailer.createTransport({
        host: config.host,
        port: config.port,
        secure: config.secure,
        auth: config.user ? { user: config.user, pass: config.pass ?? "" } : undefined,
        connectionTimeout: 10_000,
        socketTimeout: 20_000,
      });
      await transport.sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined });
      return;
    }
    case "ses": {
      const client = new SESv2Client({
        region: config.region,
        credentials: config.accessKeyId ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey ?? "" } : undefined,
      });
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: config.from,
          Destination: { ToAddresses: [mail.to] },
          Content: {
            Simple: {
              Subject: { Data: mail.subject, Charset: "UTF-8" },
              Body: { Text: { Data: mail.text, Charset: "UTF-8" }, ...(mail.html ? { Html: { Data: mail.html, Charset: "UTF-8" } } : {}) },
            },
          },
        }),
      );
      return;
    }
  }
}
