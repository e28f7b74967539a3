export default function AdminSetupPage() {
  return null;
}
