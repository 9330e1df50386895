export default function DashboardPage() {
  return (
    <main id="main" className="container">
      <h1>DashboardPage</h1>
    </main>
  );
}
