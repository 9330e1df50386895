import { Button, Result } from 'antd';

/** docs/store-spec.md §2: "404", "Page not found" and a Go Home button to the store's front page. */
export default function NotFoundPage() {
  return (
    <Result
      status="404"
      title="404"
      subTitle="Page not found"
      extra={
        <Button type="primary" href="/">
          Go Home
        </Button>
      }
    />
  );
}
