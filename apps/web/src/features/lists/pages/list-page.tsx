import { PageHeader } from "../../../components/page-header/page-header";

/** Placeholder until the sources feature lands. */
export function ListPage() {
  return <PageHeader title="List" />;
}
