import { NoShortUrlAccessMessage } from "@leadflow/contracts";
import type { ErrorMap } from "../shared/error-map";

export const shortUrlErrors = {
  short_url_domain_not_found: { status: 404, message: "Short URL domain not found." },
  short_url_no_access: { status: 403, message: NoShortUrlAccessMessage },
  // Never says which team holds it: a host is platform-wide, its owner is not the asker's business.
  short_url_domain_taken: { status: 422, message: "This domain is already in use." },
  short_url_host_invalid: { status: 422, message: "Enter a domain name such as links.example.com." },
  short_url_host_ip: { status: 422, message: "Enter a domain name, not an IP address." },
  short_url_host_local: { status: 422, message: "Enter a public domain name; local names such as localhost cannot be used." },
  short_url_host_app: { status: 422, message: "This is Leadflow's own address; enter a domain of your own." },
  short_url_dns_not_ready: { status: 422, message: "Point the domain to the server's public IP first, then check DNS." },
  short_url_public_ip_unknown: {
    status: 422,
    message: "The server's public IP is not known: set PUBLIC_IP, then check DNS again.",
  },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    "short-urls": typeof shortUrlErrors;
  }
}
