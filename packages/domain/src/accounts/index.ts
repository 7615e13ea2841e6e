export * from "./auth.service";
export * from "./password-reset.service";
export * from "./passwords";
export * from "./team-users.service";
export * from "./tokens.service";
export * from "./users.queries";
