/** What every layout takes: the page's title and description for <head>, and whether search engines may index it. */
export interface LayoutProps {
  title?: string;
  description?: string;
  noindex?: boolean;
}
