export default function CountyPickerPage() {
  return (
    <main id="main" className="container">
      <h1>CountyPickerPage</h1>
    </main>
  );
}
