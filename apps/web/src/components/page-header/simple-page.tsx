import type { ReactNode } from "react";
import { useBreadcrumbs } from "../breadcrumbs/breadcrumbs";
import { EmptyState } from "../empty-state/empty-state";
import { PageHeader } from "./page-header";

/** A titled page with an empty state: screens that later work fills in. */
export function SimplePage({
  title,
  subtitle,
  icon,
  emptyTitle,
  emptyText,
  action,
}: {
  title: string;
  subtitle?: string;
  icon?: ReactNode;
  emptyTitle: string;
  emptyText?: string;
  action?: ReactNode;
}) {
  useBreadcrumbs([{ label: title }]);
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <EmptyState icon={icon} title={emptyTitle} text={emptyText} action={action} />
    </>
  );
}
